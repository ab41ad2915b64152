import { formatBRL, formatDateBR, REGISTRO_STATUS_LABELS, type RegistroResponse } from '@veritas/common';
import { type CsvColumn, toCsv } from '../providers/csv';
import { prazoInfo } from './prazo';

/** The registros lists' CSV columns: headers from the i18n labels, dates dd/mm/aaaa, money in BRL. */
export function registrosCsvColumns(translate: (key: string) => string): CsvColumn<RegistroResponse>[] {
  const label = (field: string) => translate(`resources.registros.fields.${field}`);
  return [
    { header: label('numero'), value: (r) => r.numero },
    { header: label('clienteNome'), value: (r) => r.clienteNome ?? '' },
    { header: label('tipo'), value: (r) => r.tipo },
    { header: label('status'), value: (r) => REGISTRO_STATUS_LABELS[r.status] ?? r.status },
    { header: label('responsavelNome'), value: (r) => r.responsavelNome ?? 'Sem responsável' },
    { header: label('prazo'), value: (r) => (r.prazo ? formatDateBR(r.prazo) : prazoInfo(r).label) },
    { header: label('data'), value: (r) => formatDateBR(r.data) },
    { header: label('valor'), value: (r) => (r.valor === null || r.valor === undefined ? '' : formatBRL(Number(r.valor))) },
  ];
}

/**
 * The registros as a pt-BR spreadsheet (';' separates columns: the comma is the decimal mark in
 * Brazil, and Excel in pt-BR expects it).
 */
export function registrosCsv(rows: RegistroResponse[], translate: (key: string) => string): string {
  return toCsv(rows, registrosCsvColumns(translate));
}
