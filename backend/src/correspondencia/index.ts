// The public surface of correspondencia: other folders import from here, never one of its files (architecture.spec.ts).
export { CorrespondenciaModule } from './correspondencia.module';
