import {
  BadRequestException,
  CallHandler,
  ExecutionContext,
  HttpException,
  Inject,
  Injectable,
  NestInterceptor,
  PayloadTooLargeException,
} from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import { finalize, Observable } from 'rxjs';
import { APP_CONFIG, AppConfig } from '../config/config';
import { DOCUMENT_STORAGE, DocumentStorage } from '../storage/storage';

export const UPLOAD_FIELD = 'arquivo';

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Number((n / (1024 * 1024)).toFixed(1)).toLocaleString('pt-BR')} MB`;
  if (n >= 1024) return `${Math.round(n / 1024).toLocaleString('pt-BR')} KB`;
  return `${n} bytes`;
}

/**
 * Receives one multipart file (field "arquivo") into the storage's temporary folder, bounded by
 * DOC_MAX_BYTES, with pt-BR errors. The temporary file is always removed when the request ends
 * (the service has renamed it into place by then, if it was accepted); multer removes a partial
 * one itself when a limit stops the upload.
 */
@Injectable()
export class UploadInterceptor implements NestInterceptor {
  private readonly receive: RequestHandler;
  private readonly maxBytes: number;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(DOCUMENT_STORAGE) storage: DocumentStorage) {
    this.maxBytes = config.registros.docMaxBytes;
    this.receive = multer({
      storage: multer.diskStorage({
        destination: storage.tempDir,
        filename: (_req, _file, cb) => cb(null, `up-${randomUUID()}`),
      }),
      limits: { fileSize: this.maxBytes, files: 1, fields: 10, fieldSize: 8 * 1024, parts: 12, headerPairs: 50 },
      defParamCharset: 'utf8',
    }).single(UPLOAD_FIELD);
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    // A body announced far beyond the limit is refused before a byte of it is read.
    const announced = Number(req.headers['content-length'] ?? 0);
    if (announced > this.maxBytes + 1024 * 1024) {
      res.setHeader('Connection', 'close');
      throw this.tooLarge();
    }
    await new Promise<void>((resolve, reject) => {
      this.receive(req, res, (err: unknown) => (err ? reject(this.translate(err)) : resolve()));
    });
    const tmp = req.file?.path;
    // Synchronous on purpose (one unlink): the file is gone before the answer leaves, whatever it is.
    return next.handle().pipe(
      finalize(() => {
        if (tmp) fs.rmSync(tmp, { force: true });
      }),
    );
  }

  private tooLarge(): HttpException {
    return new PayloadTooLargeException(`O arquivo excede o tamanho máximo de ${formatBytes(this.maxBytes)}.`);
  }

  private translate(err: unknown): HttpException {
    if (err instanceof HttpException) return err;
    const code = (err as { code?: string }).code;
    if (code === 'LIMIT_FILE_SIZE') return this.tooLarge();
    if (code === 'LIMIT_FILE_COUNT' || code === 'LIMIT_UNEXPECTED_FILE') {
      return new BadRequestException(`Envie um único arquivo, no campo "${UPLOAD_FIELD}".`);
    }
    return new BadRequestException('Envio inválido: use multipart/form-data com o arquivo no campo "arquivo".');
  }
}
