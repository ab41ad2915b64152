import { formatBRL, formatDateBR, REGISTRO_STATUS_LABELS, type RegistroResponse } from '@veritas/common';
import { prazoInfo } from './prazo';

/** A CSV field: quoted when it holds the separator, a quote or a line break. */
function csvField(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The registros as a pt-BR spreadsheet: headers from the i18n labels, dates dd/mm/aaaa, money in
 * BRL; ';' separates columns (the comma is the decimal mark in Brazil, and Excel in pt-BR expects it).
 */
export function registrosCsv(rows: RegistroResponse[], translate: (key: string) => string): string {
  const label = (field: string) => translate(`resources.registros.fields.${field}`);
  const columns: [string, (r: RegistroResponse) => string][] = [
    [label('numero'), (r) => r.numero],
    [label('clienteNome'), (r) => r.clienteNome ?? ''],
    [label('tipo'), (r) => r.tipo],
    [label('status'), (r) => REGISTRO_STATUS_LABELS[r.status] ?? r.status],
    [label('responsavelNome'), (r) => r.responsavelNome ?? 'Sem responsável'],
    [label('prazo'), (r) => (r.prazo ? formatDateBR(r.prazo) : prazoInfo(r).label)],
    [label('data'), (r) => formatDateBR(r.data)],
    [label('valor'), (r) => (r.valor === null || r.valor === undefined ? '' : formatBRL(Number(r.valor)))],
  ];
  const lines = [columns.map(([h]) => csvField(h)).join(';'), ...rows.map((r) => columns.map(([, get]) => csvField(get(r))).join(';'))];
  return lines.join('\r\n');
}
