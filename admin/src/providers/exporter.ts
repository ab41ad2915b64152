import { downloadCSV } from 'react-admin';
import { CSV_BOM, type CsvColumn, toCsv } from '@veritas/common';

/**
 * A react-admin exporter writing `columns` to `<filename>.csv`. The byte-order mark makes Excel
 * read the file as UTF-8 (accents), as pt-BR users open it there.
 */
export function csvExporter<R>(filename: string, columns: () => readonly CsvColumn<R>[]) {
  return (records: R[]) => downloadCSV(`${CSV_BOM}${toCsv(records, columns())}`, filename);
}
