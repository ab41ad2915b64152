import {
  BadRequestException,
  CallHandler,
  ExecutionContext,
  Inject,
  Injectable,
  NestInterceptor,
  PayloadTooLargeException,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { from, Observable, switchMap } from 'rxjs';
import { finalize } from 'rxjs/operators';
import { formatFileSize } from '@veritas/common';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { FileStore, FormLimits, FormRefused, receiveForm, UploadedFile } from '../platform/http';
import { MailFiles } from '../platform/storage';
import { BODY_MAX_CHARS } from './dto/email.dto';

export const MAX_ATTACHMENTS = 20;
/** Room for the form's text fields and multipart framing on top of the files. */
const FORM_OVERHEAD = BODY_MAX_CHARS * 2 + 1024 * 1024;

/**
 * Multipart compose (files in the field `attachments`) straight to DATA_DIR/mail/tmp: each file at
 * most MAIL_MAX_BYTES, all of them together too, at most 20; beyond that a pt-BR 413. Whatever the
 * handler did not take over is removed when the request ends.
 */
@Injectable()
export class AttachmentsInterceptor implements NestInterceptor {
  private readonly maxBytes: number;
  private readonly limits: FormLimits;
  private readonly store: FileStore;

  constructor(@Inject(APP_CONFIG) config: AppConfig, private readonly files: MailFiles) {
    this.maxBytes = config.mail.maxBytes;
    this.limits = { fileSize: this.maxBytes, files: MAX_ATTACHMENTS, fields: 60, fieldSize: BODY_MAX_CHARS * 2, parts: MAX_ATTACHMENTS + 60 };
    this.store = { dir: files.tmpDir, name: () => `${randomUUID()}.part` };
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    let uploaded: UploadedFile[] = [];
    const cleanup = () => void this.files.discardTemp(uploaded.flatMap((f) => (f.path ? [f.path] : [])));
    return from(this.receive(req).then((files) => void (uploaded = files))).pipe(
      switchMap(() => next.handle()),
      finalize(cleanup),
    );
  }

  private async receive(req: FastifyRequest): Promise<UploadedFile[]> {
    const declared = Number(req.headers['content-length'] ?? 0);
    const limit = formatFileSize(this.maxBytes);
    if (declared > this.maxBytes + FORM_OVERHEAD) throw new PayloadTooLargeException(`Os anexos somam mais de ${limit}, o limite por mensagem.`);
    let uploaded: UploadedFile[];
    try {
      uploaded = await receiveForm(req, { fileField: 'attachments', limits: this.limits, store: this.store });
    } catch (err) {
      throw this.translate(err, limit);
    }
    const total = uploaded.reduce((n, f) => n + f.size, 0);
    if (total > this.maxBytes) {
      await this.files.discardTemp(uploaded.flatMap((f) => (f.path ? [f.path] : [])));
      throw new PayloadTooLargeException(`Os anexos somam mais de ${limit}, o limite por mensagem.`);
    }
    return uploaded;
  }

  private translate(err: unknown, limit: string): Error {
    switch (err instanceof FormRefused ? err.problem : 'malformed') {
      case 'fileSize':
        return new PayloadTooLargeException(`Cada anexo pode ter no máximo ${limit}.`);
      case 'files':
        return new PayloadTooLargeException(`No máximo ${MAX_ATTACHMENTS} anexos por mensagem.`);
      case 'fieldValue':
        return new PayloadTooLargeException('O texto da mensagem é grande demais.');
      case 'unexpectedFile':
        return new BadRequestException('Envie os arquivos no campo "attachments".');
      case 'malformed':
        return new BadRequestException('Não foi possível ler o formulário enviado.');
      default:
        return new BadRequestException('Formulário de envio inválido: campos demais.');
    }
  }
}
