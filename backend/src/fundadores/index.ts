// The public surface of fundadores: other folders import from here, never one of its files (architecture.spec.ts).
export { FundadoresModule } from './fundadores.module';

