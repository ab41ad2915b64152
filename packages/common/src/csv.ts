import type { ClienteResponse, DocumentoResponse, RegistroResponse } from './api-types';
import type { ContatoMensagemResponse } from './contact';
import { CLIENTE_FIELD_LABELS } from './constants';
import { formatBRL, formatBytes, formatDateBR, formatDateTimeBR } from './format';
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
  if (r.prazo) return formatDateBR(r.prazo);
  if (r.encerradoEm) return `Encerrado em ${formatDateBR(r.encerradoEm)}`;
  return r.prazoPausado ? 'Suspenso (aguardando o cliente)' : 'Sem prazo';
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
  // A founder's CPF while the company is being opened (issue 54); empty for a company.
  { header: CLIENTE_FIELD_LABELS.cpf, value: (c) => c.cpf },
  { header: CLIENTE_FIELD_LABELS.email, value: (c) => c.email },
  { header: CLIENTE_FIELD_LABELS.telefone, value: (c) => c.telefone },
  { header: CLIENTE_FIELD_LABELS.celularWhatsApp, value: (c) => c.celularWhatsApp },
  { header: CLIENTE_FIELD_LABELS.cidade, value: (c) => c.cidade },
  { header: CLIENTE_FIELD_LABELS.estado, value: (c) => c.estado },
  { header: 'Status', value: (c) => (c.status === 'ativo' ? 'Ativo' : 'Inativo') },
  { header: 'Data de Cadastro', value: (c) => formatDateBR(c.createdAt) },
];

/** Where a document stands, in words: the client's first download of the firm's documents, the staff's first opening of a client's. */
export function deliveryText(d: DocumentoResponse): string {
  if (d.enviadoPor === 'equipe') return d.baixadoClienteEm ? `Baixado pelo cliente em ${formatDateTimeBR(d.baixadoClienteEm)}` : 'Ainda não baixado pelo cliente';
  return d.lidoEquipeEm ? `Aberto pela equipe em ${formatDateTimeBR(d.lidoEquipeEm)}` : 'Novo: ainda não aberto pela equipe';
}

/** Who sent it: a name and the side ("escritório" or "cliente"). */
export function senderText(d: DocumentoResponse): string {
  return `${d.enviadoPorNome ?? ''} (${d.enviadoPor === 'equipe' ? 'escritório' : 'cliente'})`.trim();
}

export const DOCUMENTOS_CSV: readonly CsvColumn<DocumentoResponse>[] = [
  { header: 'Documento', value: (d) => d.titulo },
  { header: 'Tipo', value: (d) => d.tipo },
  { header: 'Arquivo', value: (d) => d.nomeArquivo },
  { header: 'Tamanho', value: (d) => formatBytes(d.tamanho) },
  { header: 'Cliente', value: (d) => d.clienteNome },
  { header: 'Registro', value: (d) => d.registroNumero },
  { header: 'Enviado por', value: senderText },
  { header: 'Enviado em', value: (d) => formatDateTimeBR(d.data) },
  { header: 'Entrega', value: deliveryText },
];

/** Where a message stands, in words: unread, handled or pending, answered. */
export function situacaoText(m: ContatoMensagemResponse): string {
  return [m.lida ? null : 'Não lida', m.tratada ? 'Tratada' : 'Pendente', m.respondidaEm ? 'Respondida' : null].filter(Boolean).join(', ');
}

export const MENSAGENS_CSV: readonly CsvColumn<ContatoMensagemResponse>[] = [
  { header: 'Nome', value: (m) => m.nome },
  { header: 'E-mail', value: (m) => m.email },
  { header: 'Telefone', value: (m) => m.telefone },
  { header: 'Empresa', value: (m) => m.empresa },
  { header: 'Assunto', value: (m) => m.assunto },
  { header: 'Mensagem', value: (m) => m.mensagem },
  { header: 'Recebida em', value: (m) => formatDateTimeBR(m.createdAt) },
  { header: 'Situação', value: situacaoText },
];
