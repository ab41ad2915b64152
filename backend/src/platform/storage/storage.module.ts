import { Global, Module } from '@nestjs/common';
import * as path from 'node:path';
import { APP_CONFIG, AppConfig } from '../config';
import { LocalDiskStorage } from './local-disk.storage';
import { S3DocumentStorage } from './s3.storage';
import { DOCUMENT_STORAGE, DocumentStorage } from './storage';

/** The configured store (also used outside the app, by the backup and restore commands). */
export function createDocumentStorage(config: AppConfig): DocumentStorage {
  return config.storage.kind === 's3'
    ? new S3DocumentStorage(config.storage.s3, path.join(config.dataDir, 'arquivos'))
    : new LocalDiskStorage(path.join(config.dataDir, 'arquivos'));
}

/** The document store: the local disk under DATA_DIR/arquivos, or an S3-compatible bucket with STORAGE=s3. */
@Global()
@Module({
  providers: [
    {
      provide: DOCUMENT_STORAGE,
      inject: [APP_CONFIG],
      useFactory: createDocumentStorage,
    },
  ],
  exports: [DOCUMENT_STORAGE],
})
export class StorageModule {}
