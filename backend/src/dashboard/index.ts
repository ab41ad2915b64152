// The public surface of dashboard: other folders import from here, never one of its files (architecture.spec.ts).
export { DashboardModule } from './dashboard.module';
export { PERIODO_ROTULOS, parsePeriodo, periodoRange } from './periodo';
export type { Periodo } from './periodo';
