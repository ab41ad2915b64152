// The public surface of linha-do-tempo: other folders import from here, never one of its files (architecture.spec.ts).
export { LinhaDoTempoModule } from './linha-do-tempo.module';
