import fastifyCompress from '@fastify/compress';
import type { FastifyReply, onSendHookHandler } from 'fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { constants as zlibConstants } from 'node:zlib';

/** Below this many bytes an answer goes uncompressed: here and in keptJson (platform/read-side/list-query.ts). */
export const COMPRESS_FROM = 1024;

/** Brotli's settings, here and in keptJson: quality 4 for text made on request. */
export const BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };

/** The Content-Range of each list page answered, until its headers are written. */
const listRanges = new WeakMap<FastifyReply, string>();

/**
 * A list page's `Content-Range: <resource> <start>-<end>/<total>` (listResponse). It names rows, not
 * bytes, but @fastify/compress leaves alone every answer that has a Content-Range (it takes it for a
 * byte range of partial content): so the header is set after compression, by the hook
 * `compressAnswers` puts last on every route.
 */
export function setListRange(reply: FastifyReply, range: string): void {
  listRanges.set(reply, range);
}

const writeListRange: onSendHookHandler = (_req, reply, payload, done) => {
  const range = listRanges.get(reply);
  if (range !== undefined) reply.header('Content-Range', range);
  done(null, payload);
};

/**
 * API answers from 1 KB compressed per request (brotli, gzip or deflate, as the browser accepts), by
 * @fastify/compress; what is already encoded (a kept list page, a precompressed front-end file) is
 * left as it is, and so are types that do not compress (PDF, images, archives). Event streams never
 * pass here: Nest writes them to the raw response. The front ends' routes opt out (platform/web):
 * their files are compressed at build time.
 */
export async function compressAnswers(app: NestFastifyApplication): Promise<void> {
  await app.register(fastifyCompress, { threshold: COMPRESS_FROM, brotliOptions: BROTLI_OPTIONS, encodings: ['br', 'gzip', 'deflate'] });
  // Registered once the plugin is: its hook on each route comes first, this one after it.
  app.getHttpAdapter().getInstance().addHook('onRoute', (route) => {
    const onSend = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...onSend, writeListRange];
  });
}
