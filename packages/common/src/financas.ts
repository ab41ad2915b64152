/*
 * Finanças (issue 12): the charge contract shared by the server and the front ends. Money is held
 * in integer centavos; the API shows BRL numbers (reais with two places), as RegistroResponse.valor
 * and the client types' prices do.
 */
import { formatBRL } from './format';

export const COBRANCA_STATUSES = ['aberta', 'paga', 'cancelada'] as const;
export type CobrancaStatus = (typeof COBRANCA_STATUSES)[number];

export const COBRANCA_STATUS_LABELS: Readonly<Record<CobrancaStatus | 'vencida', string>> = {
  aberta: 'Aberta',
  paga: 'Paga',
  cancelada: 'Cancelada',
  vencida: 'Vencida',
};

export const LINHA_TIPOS = ['honorario', 'taxa'] as const;
export type LinhaTipo = (typeof LINHA_TIPOS)[number];
export const LINHA_TIPO_LABELS: Readonly<Record<LinhaTipo, string>> = { honorario: 'Honorário', taxa: 'Taxa' };

export const FORMAS_PAGAMENTO = ['pix', 'boleto', 'transferencia', 'dinheiro', 'cartao'] as const;
export type FormaPagamento = (typeof FORMAS_PAGAMENTO)[number];
export const FORMA_PAGAMENTO_LABELS: Readonly<Record<FormaPagamento, string>> = {
  pix: 'PIX',
  boleto: 'Boleto',
  transferencia: 'Transferência',
  dinheiro: 'Dinheiro',
  cartao: 'Cartão',
};

/** Largest amount of one line or payment: R$ 10.000.000,00 (well inside a 32-bit INT of centavos). */
export const MAX_CENTAVOS = 1_000_000_000;

/**
 * Reais as the API receives them (a number with at most two decimal places) → integer centavos,
 * or null when the value is not such a number. Done through the decimal string, so 0.29 is 29.
 */
export function reaisToCentavos(v: unknown): number | null {
  if (typeof v !== 'number' || !Number.isFinite(v)) return null;
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(String(v));
  if (!m) return null;
  const c = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -c : c;
}

/**
 * Integer centavos → reais as the API shows them (12345 → 123.45). IEEE division is correctly
 * rounded, so the result is the very double that the literal "123.45" denotes.
 */
export function centavosToReais(c: number): number {
  return c / 100;
}

/** ASCII for strict PIX payer apps: accents stripped (NFD), anything else non-printable removed. */
export function pixAscii(v: string, max: number): string {
  return String(v ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/** The charge's txid in the BR Code: letters and digits only, at most 25 (BCB's rule for static codes). */
export function cobrancaTxid(cobrancaId: string): string {
  return ('VRT' + cobrancaId.replace(/[^0-9a-zA-Z]/g, '')).slice(0, 25).toUpperCase();
}

export interface CobrancaLinhaResponse {
  descricao: string;
  tipo: LinhaTipo;
  valor: number;
}

export interface CobrancaPagamentoResponse {
  _id: string;
  data: string;
  valor: number;
  forma: FormaPagamento;
  formaLabel: string;
  nota: string | null;
  extratoTransacaoId: string | null;
  registradoPorNome: string;
  createdAt: string;
}

export interface CobrancaHistoricoResponse {
  _id: string;
  data: string;
  evento: string;
  descricao: string;
  autorNome: string;
}

export interface CobrancaResponse {
  _id: string;
  clienteId: string;
  clienteNome: string | null;
  clienteCnpj: string | null;
  registroId: string | null;
  registroNumero: string | null;
  status: CobrancaStatus;
  /** aberta and past its due date (São Paulo calendar). */
  vencida: boolean;
  statusLabel: string;
  vencimento: string;
  total: number;
  honorarios: number;
  taxas: number;
  pago: number;
  saldo: number;
  txid: string;
  motivoCancelamento: string | null;
  criadoPorNome: string;
  linhas: CobrancaLinhaResponse[];
  createdAt: string;
  updatedAt: string;
}

export interface CobrancaDetalheResponse extends CobrancaResponse {
  pagamentos: CobrancaPagamentoResponse[];
  historico: CobrancaHistoricoResponse[];
}

export const AGING_FAIXAS = ['0-30', '31-60', '61-90', '>90'] as const;
export type AgingFaixa = (typeof AGING_FAIXAS)[number];

export interface FinancasResumoGrupo {
  nome: string;
  quantidade: number;
  faturado: number;
  honorarios: number;
  taxas: number;
  recebido: number;
  emAberto: number;
}

/** GET /api/financas/resumo (BRL numbers). */
export interface FinancasResumoResponse {
  periodo: string;
  periodoLabel: string;
  de: string;
  ate: string;
  /** Balance of every open charge, today. */
  aReceber: number;
  /** Of that, past its due date. */
  vencido: number;
  /** Payments dated within the period. */
  recebido: number;
  /** Charges (not cancelled) made within the period. */
  faturado: number;
  /** The overdue balance by days past due. */
  aging: { faixa: AgingFaixa; valor: number; quantidade: number }[];
  /** Charges made within the period, by service (the registro's) and by the client's type. */
  porServico: FinancasResumoGrupo[];
  porTipoCliente: FinancasResumoGrupo[];
}

/** A charge has at most this many lines; a line's description at most this many characters. */
export const MAX_LINHAS = 50;
export const LINHA_DESCRICAO_MAX = 200;

/** Centavos as a message writes them: "R$ 1.234,50" (a plain space after R$). */
const brlText = (c: number) => formatBRL(centavosToReais(c)).replace(/\u00a0/g, ' ');

/** Why line `n` (1-based) of a charge cannot be accepted, and which of its fields is at fault, or null. */
export function linhaProblem(item: unknown, n: number): { field: keyof CobrancaLinhaResponse | null; message: string } | null {
  const at = (field: keyof CobrancaLinhaResponse | null, text: string) => ({ field, message: `Linha ${n}: ${text}` });
  if (!item || typeof item !== 'object' || Array.isArray(item)) return at(null, 'informe { descricao, tipo, valor }.');
  const { descricao, tipo, valor, ...rest } = item as Record<string, unknown>;
  const extra = Object.keys(rest);
  if (extra.length) return at(null, `campo "${extra[0]}" não é aceito.`);
  if (typeof descricao !== 'string' || !descricao.trim()) return at('descricao', 'informe a descrição.');
  if (descricao.trim().length > LINHA_DESCRICAO_MAX) return at('descricao', `a descrição deve ter no máximo ${LINHA_DESCRICAO_MAX} caracteres.`);
  if (typeof tipo !== 'string' || !(LINHA_TIPOS as readonly string[]).includes(tipo)) return at('tipo', 'tipo deve ser honorario ou taxa.');
  const c = reaisToCentavos(valor);
  if (c === null) return at('valor', 'o valor deve ser um número com no máximo duas casas decimais.');
  if (c <= 0) return at('valor', 'o valor deve ser maior que zero.');
  if (c > MAX_CENTAVOS) return at('valor', `o valor deve ser de no máximo ${brlText(MAX_CENTAVOS)}.`);
  return null;
}

/** Why a charge's lines as a whole cannot be accepted (none, too many, total too large), or null; each line by linhaProblem. */
export function linhasTotalProblem(linhas: readonly unknown[]): string | null {
  if (!linhas.length) return 'Informe ao menos uma linha na cobrança.';
  if (linhas.length > MAX_LINHAS) return `Uma cobrança tem no máximo ${MAX_LINHAS} linhas.`;
  const total = linhas.reduce<number>((s, l) => s + (reaisToCentavos((l as { valor?: unknown } | null)?.valor) ?? 0), 0);
  if (total > MAX_CENTAVOS) return `O total da cobrança deve ser de no máximo ${brlText(MAX_CENTAVOS)}.`;
  return null;
}

/** Why a payment of `valorCentavos` (null: not a BRL amount) cannot settle a balance of `saldoCentavos`, or null. */
export function pagamentoProblem(valorCentavos: number | null, saldoCentavos: number): string | null {
  if (valorCentavos === null) return 'O valor deve ter no máximo duas casas decimais.';
  if (valorCentavos <= 0) return 'O valor do pagamento deve ser maior que zero.';
  if (valorCentavos > saldoCentavos) return `O valor (${brlText(valorCentavos)}) excede o saldo da cobrança (${brlText(saldoCentavos)}).`;
  return null;
}

/** A charge without a registro: "avulsa" (issued by hand). */
export const COBRANCA_AVULSA_LABEL = 'Avulsa';
