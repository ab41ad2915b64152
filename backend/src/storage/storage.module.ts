import { Global, Module } from '@nestjs/common';
import * as path from 'node:path';
import { APP_CONFIG, AppConfig } from '../config/config';
import { LocalDiskStorage } from './local-disk.storage';
import { S3DocumentStorage } from './s3.storage';
import { DOCUMENT_STORAGE } from './storage';

/** The document store: the local disk under DATA_DIR/arquivos, or an S3-compatible bucket with STORAGE=s3. */
@Global()
@Module({
  providers: [
    {
      provide: DOCUMENT_STORAGE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        config.storage.kind === 's3'
          ? new S3DocumentStorage(config.storage.s3, path.join(config.dataDir, 'arquivos'))
          : new LocalDiskStorage(path.join(config.dataDir, 'arquivos')),
    },
  ],
  exports: [DOCUMENT_STORAGE],
})
export class StorageModule {}
