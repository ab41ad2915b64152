import type { DynamicModule } from '@nestjs/common';
import { ConfigModule, registerAs } from '@nestjs/config';
import { APP_CONFIG_NAMESPACE, AppConfig } from './config';

/**
 * @nestjs/config holding the configuration loadConfig validated before the app was built (main.ts
 * needs it first: DATA_DIR's permissions, the logger, the port; the tests build several apps from
 * their own environments in one process). Services inject it as APP_CONFIG; ConfigService reads
 * the same object under `app`, never process.env.
 */
export function appConfigModule(config: AppConfig): Promise<DynamicModule> {
  return ConfigModule.forRoot({
    isGlobal: true,
    ignoreEnvFile: true,
    skipProcessEnv: true,
    validatePredefined: false,
    load: [registerAs(APP_CONFIG_NAMESPACE, () => config)],
  });
}
