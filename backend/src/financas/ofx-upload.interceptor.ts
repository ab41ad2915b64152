import { BadRequestException, CallHandler, ExecutionContext, HttpException, Injectable, NestInterceptor, PayloadTooLargeException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { FormLimits, FormRefused, receiveForm } from '../platform/http';
import { OFX_MAX_BYTES } from './ofx';

export const OFX_FIELD = 'arquivo';
const TOO_LARGE = 'O extrato excede o tamanho máximo de 1 MB.';
const LIMITS: FormLimits = { fileSize: OFX_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 };

/** One OFX file (field "arquivo") in memory, at most 1 MB, with pt-BR errors. */
@Injectable()
export class OfxUploadInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    if (Number(req.headers['content-length'] ?? 0) > OFX_MAX_BYTES + 64 * 1024) {
      context.switchToHttp().getResponse<FastifyReply>().header('Connection', 'close');
      throw new PayloadTooLargeException(TOO_LARGE);
    }
    if (!req.isMultipart()) throw new BadRequestException(`Envie o extrato como multipart/form-data, no campo "${OFX_FIELD}".`);
    try {
      await receiveForm(req, { fileField: OFX_FIELD, limits: LIMITS, store: 'memory' });
    } catch (err) {
      throw translate(err);
    }
    return next.handle();
  }
}

function translate(err: unknown): HttpException {
  if (err instanceof HttpException) return err;
  const problem = err instanceof FormRefused ? err.problem : 'malformed';
  if (problem === 'fileSize') return new PayloadTooLargeException(TOO_LARGE);
  if (problem === 'unexpectedFile' || problem === 'files') return new BadRequestException(`Envie um único arquivo, no campo "${OFX_FIELD}".`);
  return new BadRequestException('Envio inválido: use multipart/form-data com o arquivo OFX.');
}
