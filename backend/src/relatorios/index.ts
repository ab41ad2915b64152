// The public surface of relatorios: other folders import from here, never one of its files (architecture.spec.ts).
export { RelatoriosModule } from './relatorios.module';
