/**
 * What POST /api/documentos accepts, by extension. The server also checks the content (magic
 * bytes) and that it agrees with the extension; the browsers use this list to spare the user a
 * round trip for a file that can never pass.
 */
export const DOCUMENT_EXTENSIONS: readonly string[] = [
  'doc', 'docx', 'gif', 'heic', 'heif', 'jpeg', 'jpg', 'odp', 'ods', 'odt', 'pdf', 'png', 'ppt', 'pptx',
  'tif', 'tiff', 'webp', 'xls', 'xlsx', 'xml', 'zip',
];

export const DOCUMENT_TYPES_HELP =
  'Tipos aceitos: PDF, imagens (JPG, PNG, GIF, WEBP, TIFF, HEIC), Office (DOC, DOCX, XLS, XLSX, PPT, PPTX, ODT, ODS, ODP), XML ou ZIP.';

/** The default DOC_MAX_BYTES; a server set otherwise names its own limit in its 413 message. */
export const DOCUMENT_DEFAULT_MAX_BYTES = 20 * 1024 * 1024;
