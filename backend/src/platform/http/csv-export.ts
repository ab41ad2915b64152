import { Readable } from 'node:stream';
import { Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CSV_BOM, csvHeaderLine, csvLine, type CsvColumn } from '@veritas/common';
import { type ListRequest, MAX_PAGE_SIZE } from '../read-side';

const logger = new Logger('CsvExport');

/** Rows read per query while streaming. */
const EXPORT_PAGE_SIZE = MAX_PAGE_SIZE;

/** 'registros-2026-11-24.csv' (São Paulo date: the day the user sees). */
export function exportFilename(base: string, now = new Date()): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(now);
  return `${base}-${day}.csv`;
}

/**
 * The whole filtered, sorted list as a pt-BR CSV (the columns of @veritas/common, BOM, ';', CRLF),
 * streamed: it reads the list page by page through the same query as the list route, and hands each
 * page to the answer's stream as the connection takes it (a Readable pulls the next page only once the
 * last was taken). Memory stays at one page whatever the length. The first page is read before
 * anything is sent, so a bad filter still answers a plain 400; a failure later can only cut the
 * download short (the headers are gone), and is logged. A client that goes away stops the reading.
 */
export async function streamCsv<R>(
  res: FastifyReply,
  opts: {
    filename: string;
    columns: readonly CsvColumn<R>[];
    req: ListRequest;
    fetchPage: (req: ListRequest) => Promise<[R[], number]>;
  },
): Promise<void> {
  const { columns, fetchPage } = opts;
  const first: ListRequest = { ...opts.req, skip: 0, take: EXPORT_PAGE_SIZE };
  const [rows, total] = await fetchPage(first);

  async function* lines(): AsyncGenerator<string> {
    // Line breaks go before each row, none after the last: byte for byte what toCsv writes in the browser.
    yield `${CSV_BOM}${csvHeaderLine(columns)}`;
    let page = rows;
    let req = first;
    let sent = 0;
    for (;;) {
      if (page.length) yield page.map((r) => `\r\n${csvLine(r, columns)}`).join('');
      sent += page.length;
      if (page.length < EXPORT_PAGE_SIZE || sent >= total) return;
      req = { ...req, skip: req.skip + EXPORT_PAGE_SIZE };
      try {
        [page] = await fetchPage(req);
      } catch (err) {
        logger.error(`Exportação ${opts.filename} interrompida: ${(err as Error).message}`);
        throw err;
      }
    }
  }

  res
    .status(200)
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${opts.filename}"`)
    .header('Cache-Control', 'no-store')
    .header('X-Total-Count', String(total))
    .send(Readable.from(lines()));
}
