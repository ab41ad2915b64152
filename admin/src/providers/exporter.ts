import { downloadCSV } from 'react-admin';
import { type CsvColumn, toCsv } from './csv';

/**
 * A react-admin exporter writing `columns` to `<filename>.csv`. The byte-order mark makes Excel
 * read the file as UTF-8 (accents), as pt-BR users open it there.
 */
export function csvExporter<R>(filename: string, columns: () => readonly CsvColumn<R>[]) {
  return (records: R[]) => downloadCSV(`\uFEFF${toCsv(records, columns())}`, filename);
}
