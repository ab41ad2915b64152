import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { CSV_BOM, toCsv, type CsvColumn, type RelatorioColuna, type RelatorioResponse, type RelatorioValor } from '@veritas/common';

type Linha = Record<string, RelatorioValor>;

/** A figure as a pt-BR spreadsheet cell reads it: decimal comma, '%' after percentages. */
function csvValor(c: RelatorioColuna, v: RelatorioValor): string | number | null {
  if (v === null || v === undefined) return '';
  if (typeof v !== 'number') return v;
  if (c.tipo === 'percentual') return `${v.toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%`;
  if (c.tipo === 'brl') return v.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return Number.isInteger(v) ? v : v.toLocaleString('pt-BR');
}

/** The report as CSV: UTF-8 with BOM, ';', the totals row last. */
export function relatorioCsv(r: RelatorioResponse): string {
  const columns: CsvColumn<Linha>[] = r.colunas.map((c) => ({ header: c.titulo, value: (l) => csvValor(c, l[c.chave] ?? null) }));
  return `${CSV_BOM}${toCsv(r.totais ? [...r.linhas, r.totais] : r.linhas, columns)}\r\n`;
}

const NUM_FMT: Record<RelatorioColuna['tipo'], string | undefined> = {
  texto: undefined,
  inteiro: '#,##0',
  dias: '#,##0',
  percentual: '0.0%',
  brl: '"R$" #,##0.00',
};

/**
 * The report as an XLSX workbook, streamed to `out` row by row (exceljs' streaming writer): one
 * sheet with the period, the header, the rows and the totals; numbers stay numbers (percentages
 * as fractions with a % format, money with a BRL format) so the spreadsheet can add them up.
 */
export async function streamRelatorioXlsx(out: Writable, r: RelatorioResponse): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  wb.creator = 'Veritas';
  const ws = wb.addWorksheet(r.titulo.slice(0, 31));
  ws.columns = r.colunas.map((c) => ({ key: c.chave, width: c.tipo === 'texto' ? 36 : 16, style: NUM_FMT[c.tipo] ? { numFmt: NUM_FMT[c.tipo] } : {} }));
  const [dy, dm, dd] = r.de.split('-');
  const [ay, am, ad] = r.ate.split('-');
  ws.addRow([`${r.titulo} — de ${dd}/${dm}/${dy} a ${ad}/${am}/${ay}`]).commit();
  const header = ws.addRow(r.colunas.map((c) => c.titulo));
  header.font = { bold: true };
  header.commit();
  const cells = (l: Linha) =>
    r.colunas.map((c) => {
      const v = l[c.chave];
      if (v === null || v === undefined) return null;
      return c.tipo === 'percentual' && typeof v === 'number' ? v / 100 : v;
    });
  for (const l of r.linhas) ws.addRow(cells(l)).commit();
  if (r.totais) {
    const t = ws.addRow(cells(r.totais));
    t.font = { bold: true };
    t.commit();
  }
  ws.commit();
  await wb.commit();
}
