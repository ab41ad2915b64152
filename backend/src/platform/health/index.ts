// The public surface of platform/health: other folders import from here, never one of its files (architecture.spec.ts).
export { HealthModule } from './health.module';
export { readOutgoingMail } from './outgoing-mail';
