import { once } from 'node:events';
import { Logger } from '@nestjs/common';
import type { Response } from 'express';
import { CSV_BOM, csvHeaderLine, csvLine, type CsvColumn } from '@veritas/common';
import { MAX_PAGE_SIZE, type ListRequest } from './list-query';

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
 * streamed: it reads the list page by page through the same query as the list route, and writes
 * each page as it comes, waiting for the connection to drain. Memory stays at one page whatever
 * the length. The first page is read before anything is sent, so a bad filter still answers a
 * plain 400; a failure later can only cut the download short (the headers are gone), and is logged.
 */
export async function streamCsv<R>(
  res: Response,
  opts: {
    filename: string;
    columns: readonly CsvColumn<R>[];
    req: ListRequest;
    fetchPage: (req: ListRequest) => Promise<[R[], number]>;
  },
): Promise<void> {
  const { columns, fetchPage } = opts;
  let req: ListRequest = { ...opts.req, skip: 0, take: EXPORT_PAGE_SIZE };
  let [rows, total] = await fetchPage(req);

  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${opts.filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Total-Count', String(total));

  let closed = false;
  res.on('close', () => (closed = true));
  const write = async (text: string) => {
    if (!res.write(text) && !closed) await Promise.race([once(res, 'drain'), once(res, 'close')]);
  };

  try {
    // Line breaks go before each row, none after the last: byte for byte what toCsv writes in the browser.
    await write(`${CSV_BOM}${csvHeaderLine(columns)}`);
    let sent = 0;
    for (;;) {
      if (rows.length) await write(rows.map((r) => `\r\n${csvLine(r, columns)}`).join(''));
      sent += rows.length;
      if (closed || rows.length < EXPORT_PAGE_SIZE || sent >= total) break;
      req = { ...req, skip: req.skip + EXPORT_PAGE_SIZE };
      [rows] = await fetchPage(req);
    }
    res.end();
  } catch (err) {
    logger.error(`Exportação ${opts.filename} interrompida: ${(err as Error).message}`);
    res.destroy(err as Error);
  }
}
