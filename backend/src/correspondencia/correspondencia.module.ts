import { Module } from '@nestjs/common';
import { ChecklistModule } from '../checklist';
import { DocumentosModule } from '../documentos';
import { EmailsModule } from '../emails';
import { StorageModule } from '../platform/storage';
import { AnexoDocumentoService } from './anexo-documento.service';
import { CorrespondenciaController } from './correspondencia.controller';
import { CorrespondenciaService } from './correspondencia.service';

/**
 * Issue 56 (ADR 0051): where the mailbox meets the registros — an attachment becomes a registro's document
 * or a checklist item's file, and a registro lists its mails. Its own folder, so that neither emails nor
 * checklist imports the other.
 */
@Module({
  imports: [EmailsModule, ChecklistModule, DocumentosModule, StorageModule],
  controllers: [CorrespondenciaController],
  providers: [AnexoDocumentoService, CorrespondenciaService],
})
export class CorrespondenciaModule {}
