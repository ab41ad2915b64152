import { BadRequestException, CallHandler, ExecutionContext, HttpException, Injectable, NestInterceptor, PayloadTooLargeException } from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import type { Observable } from 'rxjs';
import { OFX_MAX_BYTES } from './ofx';

export const OFX_FIELD = 'arquivo';
const TOO_LARGE = 'O extrato excede o tamanho máximo de 1 MB.';

/** One OFX file (field "arquivo") in memory, at most 1 MB, with pt-BR errors. */
@Injectable()
export class OfxUploadInterceptor implements NestInterceptor {
  private readonly receive: RequestHandler = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: OFX_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 },
    defParamCharset: 'utf8',
  }).single(OFX_FIELD);

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    if (Number(req.headers['content-length'] ?? 0) > OFX_MAX_BYTES + 64 * 1024) {
      res.setHeader('Connection', 'close');
      throw new PayloadTooLargeException(TOO_LARGE);
    }
    if (!String(req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data')) {
      throw new BadRequestException(`Envie o extrato como multipart/form-data, no campo "${OFX_FIELD}".`);
    }
    await new Promise<void>((resolve, reject) => this.receive(req, res, (err: unknown) => (err ? reject(translate(err)) : resolve())));
    return next.handle();
  }
}

function translate(err: unknown): HttpException {
  if (err instanceof HttpException) return err;
  const code = (err as { code?: string }).code;
  if (code === 'LIMIT_FILE_SIZE') return new PayloadTooLargeException(TOO_LARGE);
  if (code === 'LIMIT_UNEXPECTED_FILE' || code === 'LIMIT_FILE_COUNT') return new BadRequestException(`Envie um único arquivo, no campo "${OFX_FIELD}".`);
  return new BadRequestException('Envio inválido: use multipart/form-data com o arquivo OFX.');
}
