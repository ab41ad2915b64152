/*
 * The charge forms' values, rules and bodies (pure: tested beside this file). Every rule is the
 * shared one of @veritas/common that the server runs too; this file only says where its message goes.
 */
import {
  type CobrancaEdicaoInput,
  type CobrancaInput,
  type CobrancaLinhaInput,
  type FormaPagamento,
  linhaProblem,
  linhasTotalProblem,
  type LinhaTipo,
  pagamentoProblem,
  type PagamentoInput,
  reaisToCentavos,
} from '@veritas/common';

/** A line as the inputs hold it: a blank text is null, NumberInput gives a number or null. */
export interface LinhaValues {
  descricao: string | null;
  tipo: LinhaTipo;
  valor: number | null;
}

export interface CobrancaValues {
  clienteId?: string | null;
  /** Issue 52: the client's registro the charge is for (none: an avulsa). */
  registroId?: string | null;
  vencimento?: string | null;
  linhas?: LinhaValues[];
}

export interface PagamentoValues {
  valor: number | null;
  forma: FormaPagamento;
  data?: string | null;
  nota?: string | null;
}

type Errors = Record<string, unknown>;

export const NOVA_LINHA: LinhaValues = { descricao: '', tipo: 'taxa', valor: null };
export const NOVA_COBRANCA: CobrancaValues = { clienteId: null, registroId: null, vencimento: null, linhas: [{ ...NOVA_LINHA, tipo: 'honorario' }] };

const linhaOf = (l: LinhaValues): CobrancaLinhaInput => ({ descricao: (l.descricao ?? '').trim(), tipo: l.tipo, valor: l.valor as number });

/**
 * The form's errors (react-admin's `validate`): the client when one must be chosen, each line's
 * field at fault, and what is wrong with the lines as a whole (`linhas`, shown under them).
 */
export function validateCobranca(v: CobrancaValues, messages: { cliente?: string }): Errors {
  const errors: Errors = {};
  if (messages.cliente && !v.clienteId) errors.clienteId = messages.cliente;
  const linhas = (v.linhas ?? []).map(linhaOf);
  const porLinha = linhas.map((l, i) => {
    const problem = linhaProblem(l, i + 1);
    return problem ? { [problem.field ?? 'descricao']: problem.message } : {};
  });
  if (porLinha.some((e) => Object.keys(e).length)) errors.linhas = porLinha;
  else {
    const total = linhasTotalProblem(linhas);
    if (total) errors.linhas = total;
  }
  return errors;
}

/** POST /api/cobrancas: what the form holds, trimmed; an empty due date is the firm's default. */
export function cobrancaPayload(v: CobrancaValues): CobrancaInput {
  return {
    clienteId: v.clienteId ?? '',
    ...(v.registroId ? { registroId: v.registroId } : {}),
    ...(v.vencimento ? { vencimento: v.vencimento } : {}),
    linhas: (v.linhas ?? []).map(linhaOf),
  };
}

/** PUT /api/cobrancas/:id: the due date and the lines only (the rest of the record is not the form's). */
export function cobrancaEdicaoPayload(v: CobrancaValues): CobrancaEdicaoInput {
  return { ...(v.vencimento ? { vencimento: v.vencimento } : {}), linhas: (v.linhas ?? []).map(linhaOf) };
}

/** Which input a refusal of the server's belongs to ("Linha 2: informe a descrição." → linhas.1.descricao). */
export function cobrancaFieldOf(message: string): string | null {
  const linha = /^Linha (\d+): (.*)$/.exec(message);
  if (linha) {
    const field = /descri/.test(linha[2]) ? 'descricao' : /^tipo/.test(linha[2]) ? 'tipo' : /valor/.test(linha[2]) ? 'valor' : null;
    return field ? `linhas.${Number(linha[1]) - 1}.${field}` : null;
  }
  if (/^Vencimento/.test(message)) return 'vencimento';
  if (/^(clienteId|Cliente)/.test(message)) return 'clienteId';
  if (/^(registroId|Registro)/.test(message)) return 'registroId';
  return null;
}

/** A payment's errors: the value against the balance (the shared rule). */
export function validatePagamento(v: PagamentoValues, saldo: number, messages: { valor: string }): Errors {
  if (v.valor === null || v.valor === undefined) return { valor: messages.valor };
  const problem = pagamentoProblem(reaisToCentavos(v.valor), reaisToCentavos(saldo) ?? 0);
  return problem ? { valor: problem } : {};
}

export function pagamentoPayload(v: PagamentoValues): PagamentoInput {
  const nota = (v.nota ?? '').trim();
  return { valor: v.valor as number, forma: v.forma, ...(v.data ? { data: v.data } : {}), ...(nota ? { nota } : {}) };
}

/** Which payment input a refusal of the server's belongs to. */
export function pagamentoFieldOf(message: string): string | null {
  if (/valor/i.test(message)) return 'valor';
  if (/data/i.test(message)) return 'data';
  if (/forma/i.test(message)) return 'forma';
  if (/nota/i.test(message)) return 'nota';
  return null;
}
