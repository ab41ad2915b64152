// The public surface of platform/backup: other folders import from here, never one of its files (architecture.spec.ts).
export { BackupModule } from './backup.module';
