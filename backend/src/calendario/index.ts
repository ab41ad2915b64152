// The public surface of calendario: other folders import from here, never one of its files (architecture.spec.ts).
export { CalendarioModule } from './calendario.module';
export { CalendarioService } from './calendario.service';
export { Feriado } from './entities/feriado.entity';
