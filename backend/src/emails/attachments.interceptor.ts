import {
  BadRequestException,
  CallHandler,
  ExecutionContext,
  Inject,
  Injectable,
  NestInterceptor,
  PayloadTooLargeException,
} from '@nestjs/common';
import type { Request } from 'express';
import multer from 'multer';
import { randomUUID } from 'node:crypto';
import { from, Observable, switchMap } from 'rxjs';
import { finalize } from 'rxjs/operators';
import { formatFileSize } from '@veritas/common';
import { APP_CONFIG, AppConfig } from '../config/config';
import { MailFiles } from '../mail/mail-files';
import { BODY_MAX_CHARS } from './dto/email.dto';

export const MAX_ATTACHMENTS = 20;
/** Room for the form's text fields and multipart framing on top of the files. */
const FORM_OVERHEAD = BODY_MAX_CHARS * 2 + 1024 * 1024;

/**
 * Multipart compose (multer, files in the field `attachments`) straight to DATA_DIR/mail/tmp:
 * each file at most MAIL_MAX_BYTES, all of them together too, at most 20; beyond that a pt-BR 413.
 * Whatever the handler did not take over is removed when the request ends.
 */
@Injectable()
export class AttachmentsInterceptor implements NestInterceptor {
  private readonly upload: ReturnType<multer.Multer['array']>;
  private readonly maxBytes: number;

  constructor(@Inject(APP_CONFIG) config: AppConfig, private readonly files: MailFiles) {
    this.maxBytes = config.mail.maxBytes;
    this.upload = multer({
      storage: multer.diskStorage({
        destination: files.tmpDir,
        filename: (_req, _file, cb) => cb(null, `${randomUUID()}.part`),
      }),
      // Browsers send file names in UTF-8 (busboy would read them as latin1).
      defParamCharset: 'utf8',
      limits: { fileSize: this.maxBytes, files: MAX_ATTACHMENTS, fields: 60, fieldSize: BODY_MAX_CHARS * 2, parts: MAX_ATTACHMENTS + 60 },
    }).array('attachments', MAX_ATTACHMENTS);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse();
    const cleanup = () => {
      const uploaded = (req.files as Express.Multer.File[] | undefined) ?? [];
      void this.files.discardTemp(uploaded.map((f) => f.path));
    };
    return from(this.receive(req, res)).pipe(
      switchMap(() => next.handle()),
      finalize(cleanup),
    );
  }

  private async receive(req: Request, res: unknown): Promise<void> {
    const declared = Number(req.headers['content-length'] ?? 0);
    const limit = formatFileSize(this.maxBytes);
    if (declared > this.maxBytes + FORM_OVERHEAD) throw new PayloadTooLargeException(`Os anexos somam mais de ${limit}, o limite por mensagem.`);
    await new Promise<void>((resolve, reject) => {
      this.upload(req, res as never, (err: unknown) => (err ? reject(this.translate(err, limit)) : resolve()));
    });
    const uploaded = (req.files as Express.Multer.File[] | undefined) ?? [];
    const total = uploaded.reduce((n, f) => n + f.size, 0);
    if (total > this.maxBytes) {
      await this.files.discardTemp(uploaded.map((f) => f.path));
      throw new PayloadTooLargeException(`Os anexos somam mais de ${limit}, o limite por mensagem.`);
    }
  }

  private translate(err: unknown, limit: string): Error {
    if (!(err instanceof multer.MulterError)) return new BadRequestException('Não foi possível ler o formulário enviado.');
    switch (err.code) {
      case 'LIMIT_FILE_SIZE':
        return new PayloadTooLargeException(`Cada anexo pode ter no máximo ${limit}.`);
      case 'LIMIT_FILE_COUNT':
        return new PayloadTooLargeException(`No máximo ${MAX_ATTACHMENTS} anexos por mensagem.`);
      case 'LIMIT_FIELD_VALUE':
        return new PayloadTooLargeException('O texto da mensagem é grande demais.');
      case 'LIMIT_UNEXPECTED_FILE':
        return new BadRequestException('Envie os arquivos no campo "attachments".');
      default:
        return new BadRequestException('Formulário de envio inválido: campos demais.');
    }
  }
}
