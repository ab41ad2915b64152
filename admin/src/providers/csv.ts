/** One CSV column: its header (a translated label) and the cell text of a record. */
export interface CsvColumn<R> {
  header: string;
  value: (record: R) => string | number | null | undefined;
}

/** ';' separates columns: a pt-BR spreadsheet reads ',' as the decimal separator. */
export const CSV_SEPARATOR = ';';

function cell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[";\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV text (RFC 4180 quoting, CRLF line ends) of `records` under `columns`' headers. */
export function toCsv<R>(records: readonly R[], columns: readonly CsvColumn<R>[]): string {
  const lines = [columns.map((c) => cell(c.header)).join(CSV_SEPARATOR)];
  for (const record of records) lines.push(columns.map((c) => cell(c.value(record))).join(CSV_SEPARATOR));
  return lines.join('\r\n');
}

