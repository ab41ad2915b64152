// The public surface of platform/storage: other folders import from here, never one of its files (architecture.spec.ts).
export { MailFileWriter, MailFiles } from './mail-files';
export { makeTreePrivate, privateByDefault } from './private-files';
export { S3DocumentStorage } from './s3.storage';
export { StorageModule, createDocumentStorage } from './storage.module';
export { DOCUMENT_STORAGE } from './storage';
export type { DocumentStorage } from './storage';
