import { Global, Module } from '@nestjs/common';
import * as path from 'node:path';
import { APP_CONFIG, AppConfig } from '../config/config';
import { LocalDiskStorage } from './local-disk.storage';
import { DOCUMENT_STORAGE } from './storage';

/** The document store: the local disk under DATA_DIR/arquivos (an S3 one would be chosen here). */
@Global()
@Module({
  providers: [
    {
      provide: DOCUMENT_STORAGE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new LocalDiskStorage(path.join(config.dataDir, 'arquivos')),
    },
  ],
  exports: [DOCUMENT_STORAGE],
})
export class StorageModule {}
