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
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import { finalize, Observable } from 'rxjs';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { FileStore, FormLimits, FormRefused, receiveForm, UploadedFile } from '../platform/http';
import { DOCUMENT_STORAGE, DocumentStorage } from '../platform/storage';

export const UPLOAD_FIELD = 'arquivo';

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Number((n / (1024 * 1024)).toFixed(1)).toLocaleString('pt-BR')} MB`;
  if (n >= 1024) return `${Math.round(n / 1024).toLocaleString('pt-BR')} KB`;
  return `${n} bytes`;
}

/**
 * Receives one multipart file (field "arquivo") — or up to `maxFiles` in a subclass — into the storage's temporary folder, bounded by
 * DOC_MAX_BYTES, with pt-BR errors. The temporary file is always removed when the request ends
 * (the service has renamed it into place by then, if it was accepted); receiveForm removes a partial
 * one itself when a limit stops the upload.
 */
@Injectable()
export class UploadInterceptor implements NestInterceptor {
  private readonly maxBytes: number;
  private readonly store: FileStore;
  /** Files one form may bring, each bounded by DOC_MAX_BYTES. */
  protected readonly maxFiles: number = 1;
  /** A text field's largest value (a message's text is longer than a title). */
  protected readonly fieldSize: number = 8 * 1024;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(DOCUMENT_STORAGE) storage: DocumentStorage) {
    this.maxBytes = config.registros.docMaxBytes;
    this.store = { dir: storage.tempDir, name: () => `up-${randomUUID()}` };
  }

  private get limits(): FormLimits {
    return { fileSize: this.maxBytes, files: this.maxFiles, fields: 10, fieldSize: this.fieldSize, parts: this.maxFiles + 11, headerPairs: 50 };
  }

  /** The refusal of more files than maxFiles. */
  protected tooMany(): string {
    return `Envie um único arquivo, no campo "${UPLOAD_FIELD}".`;
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const req = http.getRequest<FastifyRequest>();
    // A body announced far beyond the limit is refused before a byte of it is read.
    const announced = Number(req.headers['content-length'] ?? 0);
    if (announced > this.maxBytes * this.maxFiles + 1024 * 1024) {
      http.getResponse<FastifyReply>().header('Connection', 'close');
      throw this.tooLarge();
    }
    let files: UploadedFile[];
    try {
      files = await receiveForm(req, { fileField: UPLOAD_FIELD, limits: this.limits, store: this.store });
    } catch (err) {
      throw this.translate(err);
    }
    // Synchronous on purpose (one unlink): the file is gone before the answer leaves, whatever it is.
    return next.handle().pipe(
      finalize(() => {
        for (const f of files) if (f.path) fs.rmSync(f.path, { force: true });
      }),
    );
  }

  private tooLarge(): HttpException {
    return new PayloadTooLargeException(`O arquivo excede o tamanho máximo de ${formatBytes(this.maxBytes)}.`);
  }

  private translate(err: unknown): HttpException {
    if (err instanceof HttpException) return err;
    const problem = err instanceof FormRefused ? err.problem : 'malformed';
    if (problem === 'fileSize') return this.tooLarge();
    if (problem === 'files' || problem === 'unexpectedFile') return new BadRequestException(this.tooMany());
    return new BadRequestException('Envio inválido: use multipart/form-data com o arquivo no campo "arquivo".');
  }
}
