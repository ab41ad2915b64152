/*
 * Moved to @veritas/web (packages/web/src/transfer.ts). This re-export only keeps the staff
 * panel's admin/src/documentos/transfer.ts building until it imports @veritas/web itself; delete
 * it then (the lint rule forbids one app importing another's source).
 */
export {
  ACCEPT_ATTRIBUTE,
  ACCEPTED_HELP,
  ApiError,
  apiErrorFrom,
  downloadDocumento,
  fileRefusal,
  formatBytes,
  SIZE_HELP,
  uploadDocumento,
  type UploadFields,
} from '@veritas/web';
