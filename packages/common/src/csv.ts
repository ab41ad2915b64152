import type { ClienteResponse, DocumentoResponse, RegistroResponse } from './api-types';
import type { ContatoMensagemResponse } from './contact';
import { CLIENTE_FIELD_LABELS } from './constants';
import { formatBRL, formatDateBR, formatDateTimeBR } from './format';
import { REGISTRO_STATUS_LABELS } from './registro-status';

/*
 * The lists as pt-BR spreadsheets, one definition for the browser (short lists, written where they
 * are shown) and the server (long lists, streamed): the same columns, headers, dates dd/mm/aaaa and
 * money in BRL either way.
 */

/** One CSV column: its header and the cell text of a record. */
export interface CsvColumn<R> {
  header: string;
  value: (record: R) => string | number | null | undefined;
}

/** ';' separates columns: a pt-BR spreadsheet reads ',' as the decimal separator. */
export const CSV_SEPARATOR = ';';
/** The byte-order mark: Excel reads the file as UTF-8 (accents) only with it. */
export const CSV_BOM = '\uFEFF';
/** Lists longer than this are exported by the server, streamed, instead of in the browser. */
export const CSV_BROWSER_MAX_ROWS = 200;

/**
 * A cell, quoted (RFC 4180) when it holds the separator, a quote, a line break or edge spaces.
 * Text that a spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe:
 * a client's name or a contact message is outside text (CSV injection).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvHeaderLine<R>(columns: readonly CsvColumn<R>[]): string {
  return columns.map((c) => csvCell(c.header)).join(CSV_SEPARATOR);
}

export function csvLine<R>(record: R, columns: readonly CsvColumn<R>[]): string {
  return columns.map((c) => csvCell(c.value(record))).join(CSV_SEPARATOR);
}

/** The CSV text (CRLF line ends, no BOM) of `records` under `columns`' headers. */
export function toCsv<R>(records: readonly R[], columns: readonly CsvColumn<R>[]): string {
  return [csvHeaderLine(columns), ...records.map((r) => csvLine(r, columns))].join('\r\n');
}

const brl = (v: number | string | null | undefined) => (v === null || v === undefined || v === '' ? '' : formatBRL(Number(v)));

/** A registro's due date as the lists show it: the date, or why there is none. */
export function prazoTexto(r: Pick<RegistroResponse, 'prazo' | 'prazoPausado' | 'encerradoEm'>): string {
  if (r.encerradoEm) return `Encerrado em ${formatDateBR(r.encerradoEm)}`;
  if (r.prazoPausado) return 'Suspenso (aguardando o cliente)';
  return r.prazo ? formatDateBR(r.prazo) : 'Sem prazo';
}

export const REGISTROS_CSV: readonly CsvColumn<RegistroResponse>[] = [
  { header: 'Protocolo', value: (r) => r.numero },
  { header: 'Cliente', value: (r) => r.clienteNome },
  { header: 'Serviço', value: (r) => r.tipo },
  { header: 'Status', value: (r) => REGISTRO_STATUS_LABELS[r.status] ?? r.status },
  { header: 'Responsável', value: (r) => r.responsavelNome ?? 'Sem responsável' },
  { header: 'Prazo', value: prazoTexto },
  { header: 'Solicitado em', value: (r) => formatDateBR(r.data) },
  { header: 'Valor', value: (r) => brl(r.valor) },
];

export const CLIENTES_CSV: readonly CsvColumn<ClienteResponse>[] = [
  { header: CLIENTE_FIELD_LABELS.razaoSocial, value: (c) => c.razaoSocial },
  { header: CLIENTE_FIELD_LABELS.nomeFantasia, value: (c) => c.nomeFantasia },
  { header: CLIENTE_FIELD_LABELS.cnpj, value: (c) => c.cnpj },
  { header: CLIENTE_FIELD_LABELS.email, value: (c) => c.email },
  { header: CLIENTE_FIELD_LABELS.telefone, value: (c) => c.telefone },
  { header: CLIENTE_FIELD_LABELS.celularWhatsApp, value: (c) => c.celularWhatsApp },
  { header: CLIENTE_FIELD_LABELS.cidade, value: (c) => c.cidade },
  { header: CLIENTE_FIELD_LABELS.estado, value: (c) => c.estado },
  { header: 'Status', value: (c) => (c.status === 'ativo' ? 'Ativo' : 'Inativo') },
  { header: 'Data de Cadastro', value: (c) => formatDateBR(c.createdAt) },
];

export const DOCUMENTOS_CSV: readonly CsvColumn<DocumentoResponse>[] = [
  { header: 'Título', value: (d) => d.titulo },
  { header: 'Tipo', value: (d) => d.tipo },
  { header: 'Cliente', value: (d) => d.clienteNome },
  { header: 'Registro', value: (d) => d.registroNumero },
  { header: 'Enviado por', value: (d) => `${d.enviadoPorNome} (${d.enviadoPor === 'cliente' ? 'cliente' : 'equipe'})` },
  { header: 'Data', value: (d) => formatDateTimeBR(d.data) },
  { header: 'Tamanho (bytes)', value: (d) => d.tamanho },
  { header: 'Baixado pelo cliente em', value: (d) => (d.baixadoClienteEm ? formatDateTimeBR(d.baixadoClienteEm) : '') },
];

export const MENSAGENS_CSV: readonly CsvColumn<ContatoMensagemResponse>[] = [
  { header: 'Recebida em', value: (m) => formatDateTimeBR(m.createdAt) },
  { header: 'Nome', value: (m) => m.nome },
  { header: 'E-mail', value: (m) => m.email },
  { header: 'Telefone', value: (m) => m.telefone },
  { header: 'Empresa', value: (m) => m.empresa },
  { header: 'Assunto', value: (m) => m.assunto },
  { header: 'Mensagem', value: (m) => m.mensagem },
  { header: 'Status', value: (m) => (m.tratada ? 'Tratada' : m.lida ? 'Lida' : 'Não lida') },
];
