// The public surface of documentos: other folders import from here, never one of its files (architecture.spec.ts).
export { DocumentosQueries } from './documentos-queries.service';
export { DocumentosModule } from './documentos.module';
export { DocumentosService } from './documentos.service';
export type { DocumentoMarcas } from './documentos.service';
export { Documento } from './entities/documento.entity';
export { formatBytes, UploadInterceptor } from './upload.interceptor';
