import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';

/** A file received from a multipart form, written to disk (`path`) or kept in memory (`buffer`). */
export interface UploadedFile {
  fieldname: string;
  /** The name the sender gave it (UTF-8). */
  originalname: string;
  mimetype: string;
  size: number;
  path?: string;
  buffer?: Buffer;
}

/** A file the form's interceptor wrote to disk. */
export type StoredFile = UploadedFile & { path: string };

/** A file the form's interceptor kept in memory. */
export type FileInMemory = UploadedFile & { buffer: Buffer };

/** What a form may hold; beyond any of it the upload is refused. */
export interface FormLimits {
  fileSize: number;
  files: number;
  fields: number;
  fieldSize: number;
  parts: number;
  headerPairs?: number;
}

/** Why a form was refused: a limit passed, a file in another field, or a body that is no form. */
export type FormProblem = 'fileSize' | 'files' | 'fields' | 'fieldValue' | 'parts' | 'unexpectedFile' | 'malformed';

export class FormRefused extends Error {
  constructor(readonly problem: FormProblem) {
    super(`Formulário recusado: ${problem}`);
  }
}

/** Where the files go: a folder (each under a name of `name()`) or memory. */
export type FileStore = { dir: string; name: () => string } | 'memory';

const LIMIT_CODES: Record<string, FormProblem> = {
  FST_REQ_FILE_TOO_LARGE: 'fileSize',
  FST_FILES_LIMIT: 'files',
  FST_FIELDS_LIMIT: 'fields',
  FST_PARTS_LIMIT: 'parts',
};

/** The files each request received, for @ReceivedFiles(). */
const received = new WeakMap<FastifyRequest, UploadedFile[]>();

/**
 * Reads a multipart form (@fastify/multipart, busboy underneath): its text fields become the request's
 * body (for @Body() and the ValidationPipe, after the interceptor that calls this), its files in
 * `fileField` are written to `store` and kept for @ReceivedFiles(). A request that is not multipart
 * leaves both untouched (the handler says what is missing). On any refusal the files written so far
 * are removed and a FormRefused says why; the caller removes the rest when the request ends.
 */
export async function receiveForm(req: FastifyRequest, opts: { fileField: string; limits: FormLimits; store: FileStore }): Promise<UploadedFile[]> {
  if (!req.isMultipart()) return [];
  const fields: Record<string, string> = Object.create(null);
  const files: UploadedFile[] = [];
  received.set(req, files);
  try {
    for await (const part of req.parts({ limits: opts.limits })) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) throw new FormRefused('fieldValue');
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== opts.fileField) {
        part.file.resume();
        throw new FormRefused('unexpectedFile');
      }
      const file: UploadedFile = { fieldname: part.fieldname, originalname: part.filename, mimetype: part.mimetype, size: 0 };
      files.push(file);
      if (opts.store === 'memory') {
        const buffer = await part.toBuffer();
        file.buffer = buffer;
        file.size = buffer.length;
      } else {
        file.path = path.join(opts.store.dir, opts.store.name());
        const out = fs.createWriteStream(file.path);
        await pipeline(part.file, out);
        file.size = out.bytesWritten;
      }
      if (part.file.truncated) throw new FormRefused('fileSize');
    }
  } catch (err) {
    await discardFiles(files);
    received.delete(req);
    if (err instanceof FormRefused) throw err;
    throw new FormRefused(LIMIT_CODES[(err as { code?: string }).code ?? ''] ?? 'malformed');
  }
  req.body = fields;
  return files;
}

/** Removes the files of a form that were written to disk (those already moved are gone: no error). */
export async function discardFiles(files: readonly UploadedFile[]): Promise<void> {
  await Promise.all(files.map((f) => (f.path ? fs.promises.rm(f.path, { force: true }) : undefined)));
}

/** The files the request's form brought (receiveForm), in the order sent; none when it had none. */
export function filesOf(req: FastifyRequest): UploadedFile[] {
  return received.get(req) ?? [];
}

/** A handler's parameter: the files of the request's form, read by the route's upload interceptor. */
export const ReceivedFiles = createParamDecorator((_: unknown, ctx: ExecutionContext): UploadedFile[] => filesOf(ctx.switchToHttp().getRequest<FastifyRequest>()));

/** A handler's parameter: the one file of the request's form, or undefined when it brought none. */
export const ReceivedFile = createParamDecorator((_: unknown, ctx: ExecutionContext): UploadedFile | undefined => filesOf(ctx.switchToHttp().getRequest<FastifyRequest>())[0]);
