/*
 * Finanças' requests and the bank statement's answers (issue 12), written once for the server and
 * the panel. The charges themselves are in ../financas.ts beside their rules.
 */
import type { FormaPagamento, LinhaTipo } from '../financas';

/** A line of a manual charge or of its edit (BRL, two decimals). */
export interface CobrancaLinhaInput {
  descricao: string;
  tipo: LinhaTipo;
  valor: number;
}

/** POST /api/cobrancas: a manual charge. */
export interface CobrancaInput {
  clienteId: string;
  registroId?: string;
  /** 'YYYY-MM-DD'. */
  vencimento?: string;
  linhas: CobrancaLinhaInput[];
}

/** PUT /api/cobrancas/:id: an open charge without payments, its due date and/or lines. */
export interface CobrancaEdicaoInput {
  vencimento?: string;
  linhas?: CobrancaLinhaInput[];
}

/** POST /api/cobrancas/:id/pagamentos. */
export interface PagamentoInput {
  valor: number;
  forma: FormaPagamento;
  /** 'YYYY-MM-DD'; today when omitted. */
  data?: string;
  nota?: string;
}

/** GET /api/cobrancas/:id/pix (the panel and the portal): the charge's static BR Code ("PIX copia e cola") and its QR code as SVG. */
export interface PixCobrancaResponse {
  payload: string;
  qrSvg: string;
}

/**
 * conciliada: already paid a charge; txid: its memo names a charge's PIX txid; documento: the memo
 * carries the client's CNPJ; nome: the payer's name or memo names the client; valor: one open charge
 * with this balance due within ±5 days, from a payer not identified; ambigua: several equally good
 * charges; sem-correspondencia: none (a charge can still be chosen by hand). Only txid and documento
 * (with the exact balance) come pre-selected (issue 52).
 */
export type ExtratoSituacao = 'conciliada' | 'txid' | 'documento' | 'nome' | 'valor' | 'ambigua' | 'sem-correspondencia';

/** A charge a statement's credit may pay. */
export interface ExtratoCandidata {
  cobrancaId: string;
  clienteNome: string | null;
  vencimento: string;
  saldo: number;
  txid: string;
  /** What ties the credit to this charge. */
  evidencia: 'txid' | 'documento' | 'nome' | 'valor';
  /** Credit minus balance (BRL): > 0 an over-payment, < 0 a partial payment. */
  diferenca: number;
}

/** A credit of an imported statement with its proposed match. */
export interface ExtratoTransacaoResponse {
  _id: string;
  fitid: string;
  data: string;
  valor: number;
  memo: string;
  situacao: ExtratoSituacao;
  /** The proposed charge (the best candidate), or the one it paid (conciliada). */
  cobrancaId: string | null;
  /** Whether the review starts with this credit ticked: txid or CNPJ evidence only. */
  preSelecionada: boolean;
  /** What the bookkeeper should check (a FITID repeated with another amount, an over-payment recorded), or null. */
  alerta: string | null;
  candidatas: ExtratoCandidata[];
}

/** An imported bank statement (POST /api/financas/extratos, GET /api/financas/extratos/:id). */
export interface ExtratoResponse {
  _id: string;
  nomeArquivo: string;
  conta: string;
  importadoPorNome: string;
  createdAt: string;
  /** Credits of the file already imported with an earlier statement: not listed again. */
  repetidas: number;
  transacoes: ExtratoTransacaoResponse[];
}

/** POST /api/financas/extratos/:id/confirmar: the matches staff confirmed. */
export interface ExtratoConfirmacaoInput {
  matches: { transacaoId: string; cobrancaId: string }[];
}

/** The statement once confirmed, with how many payments were recorded. */
export interface ExtratoConfirmadoResponse extends ExtratoResponse {
  registrados: number;
}
