// The public surface of exigencias: other folders import from here, never one of its files (architecture.spec.ts).
export { RegistroExigencia } from './entities/registro-exigencia.entity';
export { ExigenciasModule } from './exigencias.module';
export { ExigenciasService } from './exigencias.service';
export { ProcessoNotifier } from './processo-notifier';
