import { ConflictException, HttpException, Inject, Injectable, NotFoundException, UnprocessableEntityException, UnsupportedMediaTypeException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DataSource } from 'typeorm';
import { ANEXO_MESSAGES, type AnexarAoRegistroResult } from '@veritas/common';
import { ChecklistService } from '../checklist';
import { Documento, type DocumentoMarcas, DocumentosQueries, DocumentosService, formatBytes } from '../documentos';
import { isUniqueViolation } from '../platform/database';
import { EmailsService } from '../emails';
import type { MailAttachment, MailMessage } from '../mail';
import { PolicyService } from '../platform/access';
import { APP_CONFIG, AppConfig } from '../platform/config';
import type { StoredFile } from '../platform/http';
import type { AuthPrincipal } from '../platform/request';
import { DOCUMENT_STORAGE, DocumentStorage } from '../platform/storage';
import type { Registro } from '../registros';
import type { AnexarAoRegistroDto } from './dto/anexar-ao-registro.dto';

/**
 * "Anexar ao registro" (issue 56, ADR 0051): one attachment of the caller's own mailbox copy becomes a
 * document of a registro the caller may work, or the file of one of its checklist items. The bytes are
 * copied into the document storage's temporary folder and then go through the very path of an upload
 * (POST /api/documentos, or "Anexar arquivo" on a checklist item): size bound, content sniffing, allowed
 * types, storage, the item's "enviado". The document keeps the copy's id as its origin.
 */
@Injectable()
export class AnexoDocumentoService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DOCUMENT_STORAGE) private readonly storage: DocumentStorage,
    private readonly emails: EmailsService,
    private readonly documentos: DocumentosService,
    private readonly queries: DocumentosQueries,
    private readonly checklist: ChecklistService,
    private readonly policy: PolicyService,
  ) {}

  async anexar(actor: AuthPrincipal, emailId: string, indice: number, dto: AnexarAoRegistroDto): Promise<AnexarAoRegistroResult> {
    const message = await this.emails.getMessage(actor, emailId);
    const anexo = await this.anexo(message, indice);
    // A registro the caller may not see answers as one that does not exist.
    const registro = await this.policy.require<Registro>(actor, 'registro.read', dto.registroId);
    await this.assertNotYet(message, indice, registro);
    const max = this.config.registros.docMaxBytes;
    if (anexo.size > max) throw new UnprocessableEntityException(ANEXO_MESSAGES.tooLarge(formatBytes(max)));
    const file = await this.copy(anexo);
    try {
      const origem = { origemEmailId: message.id, origemAnexoIndice: indice };
      const { documentoId, item } = await this.store(actor, registro, file, dto, origem).catch(async (err: unknown) => {
        // The upload's 415 speaks of a request body; here the caller sent none: the attachment is unprocessable.
        if (err instanceof UnsupportedMediaTypeException) throw new UnprocessableEntityException(ANEXO_MESSAGES.refused(messageOf(err)));
        // Another "Anexar ao registro" of the same attachment won the race (uq_documentos_origem_email): its 409.
        if (isUniqueViolation(err)) await this.assertNotYet(message, indice, registro);
        throw err;
      });
      if (item) await this.markItemFile(message, indice, registro, documentoId, origem);
      const doc = await this.ds.getRepository(Documento).findOneByOrFail({ id: documentoId });
      const [documento] = await this.queries.toResponses([doc]);
      return { documento, item };
    } finally {
      fs.rmSync(file.path, { force: true });
    }
  }

  private async store(actor: AuthPrincipal, registro: Registro, file: StoredFile, dto: AnexarAoRegistroDto, origem: DocumentoMarcas) {
    if (dto.itemId) {
      const item = await this.checklist.upload(actor, registro.id, dto.itemId, file);
      return { documentoId: item.documentoId!, item };
    }
    // The client's own e-mailed file: no "documento disponível" back to it. The origin goes with the row, unique per registro.
    const doc = await this.documentos.upload(actor, file, { registroId: registro.id, titulo: dto.titulo?.trim() || undefined }, false, origem);
    return { documentoId: doc.id, item: null };
  }

  /**
   * An item's file gets its origin once the checklist stored it. Should the same attachment have become a
   * document meanwhile, the item keeps its file without the mark and the caller hears the same 409.
   */
  private async markItemFile(message: MailMessage, indice: number, registro: Registro, documentoId: string, origem: DocumentoMarcas): Promise<void> {
    try {
      await this.ds.createQueryBuilder().update(Documento).set(origem).where('id = :id', { id: documentoId }).execute();
    } catch (err) {
      if (isUniqueViolation(err)) await this.assertNotYet(message, indice, registro);
      throw err;
    }
  }

  /** The same attachment of the same copy becomes one document per registro: a second time is 409, naming the first (uq_documentos_origem_email). */
  private async assertNotYet(message: MailMessage, indice: number, registro: Registro): Promise<void> {
    const doc = await this.ds.getRepository(Documento).findOne({
      where: { origemEmailId: message.id, origemAnexoIndice: indice, registroId: registro.id },
      select: { id: true, titulo: true, nomeArquivo: true },
    });
    if (doc) throw new ConflictException({ message: ANEXO_MESSAGES.jaAnexado(doc.titulo, doc.nomeArquivo), documentoId: doc.id });
  }

  /** The message's attachment at `indice`, in the order the reader lists them. */
  private async anexo(message: MailMessage, indice: number): Promise<MailAttachment> {
    const anexos = await this.emails.attachmentsOf(message);
    const anexo = Number.isSafeInteger(indice) && indice >= 0 ? anexos[indice] : undefined;
    if (!anexo) throw new NotFoundException(ANEXO_MESSAGES.notFound);
    return anexo;
  }

  /** The attachment's bytes in the storage's temporary folder, as an upload would have left them. */
  private async copy(anexo: MailAttachment): Promise<StoredFile> {
    const target = path.join(this.storage.tempDir, `anexo-${randomUUID()}`);
    try {
      await pipeline(await this.emails.openAttachment(anexo), fs.createWriteStream(target, { mode: 0o600 }));
    } catch {
      fs.rmSync(target, { force: true });
      throw new NotFoundException(ANEXO_MESSAGES.notFound);
    }
    const size = fs.statSync(target).size;
    return { fieldname: 'arquivo', originalname: anexo.filename || 'anexo', mimetype: anexo.contentType, size, path: target };
  }
}

function messageOf(err: HttpException): string {
  const body = err.getResponse();
  const m = typeof body === 'string' ? body : (body as { message?: unknown }).message;
  return Array.isArray(m) ? m.join(' ') : String(m ?? err.message);
}
