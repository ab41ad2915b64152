// The public surface of membros: other folders import from here, never one of its files (architecture.spec.ts).
export { MembrosModule } from './membros.module';
