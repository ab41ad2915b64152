// The public surface of platform/config: other folders import from here, never one of its files (architecture.spec.ts).
export { appConfigModule } from './config.module';
export { APP_CONFIG, BACKUP_TZ, ConfigError, defaultSiteUrl, loadConfig } from './config';
export type { AppConfig, FinancasConfig } from './config';
export type { S3Settings } from './replicas.env';
export { financasConfigFrom } from './config';
export { readEnv } from './env';
export { serverEnv } from './server.env';
