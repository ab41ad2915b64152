// The public surface of equipe: other folders import from here, never one of its files (architecture.spec.ts).
export { Ausencia } from './entities/ausencia.entity';
export { EquipeModule } from './equipe.module';
