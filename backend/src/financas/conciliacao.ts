import { addCalendarDays, normalizeSearch, onlyDigits } from '@veritas/common';

/**
 * How a bank credit is matched to an open charge (issue 52): pure, so that each rule is tested on its
 * own. The evidence, strongest first: the charge's PIX txid in the memo; the client's CNPJ in the
 * memo; the client's name (razão social or nome fantasia, without accents, case or company suffixes)
 * in the payer's name or memo; the amount equal to the balance; the date near the due date. Only
 * txid- and CNPJ-backed matches come pre-selected: a name or an amount alone is offered, never ticked,
 * because a credit of the right amount from an unknown payer is as likely another client's money.
 */

/** A credit matches a charge by amount alone when it is dated within this many days of the due date. */
export const JANELA_DIAS = 5;
/** With the payer identified (CNPJ or name), a charge due this many days either side is still a candidate. */
export const JANELA_IDENTIFICADO_DIAS = 60;

export type Evidencia = 'txid' | 'documento' | 'nome' | 'valor';

export interface CobrancaAberta {
  id: string;
  clienteId: string;
  txid: string;
  vencimento: string;
  saldoCentavos: number;
}

export interface ClienteConhecido {
  id: string;
  /** Null while a founder's company is being opened (issue 54). */
  cnpj: string | null;
  razaoSocial: string;
  nomeFantasia: string | null;
}

export interface Credito {
  data: string;
  valorCentavos: number;
  memo: string;
}

export interface Candidato {
  cobranca: CobrancaAberta;
  evidencia: Evidencia;
  /** Credit minus balance, in centavos: > 0 over-payment, < 0 partial payment. */
  diferencaCentavos: number;
  pontos: number;
}

export interface Proposta {
  situacao: 'txid' | 'documento' | 'nome' | 'valor' | 'ambigua' | 'sem-correspondencia';
  /** The charge proposed (the best candidate), when one stands out. */
  cobrancaId: string | null;
  /** Ticked in the review: txid or CNPJ evidence only. */
  preSelecionada: boolean;
  candidatos: Candidato[];
}

const SUFIXOS = new Set(['LTDA', 'ME', 'EPP', 'EIRELI', 'SA', 'S', 'A', 'SS', 'MEI', 'CIA', 'DE', 'DA', 'DO', 'DAS', 'DOS', 'E']);

/** Upper case, no accents, letters and digits separated by single spaces. */
export function textoComparavel(s: string): string {
  return normalizeSearch(s).toUpperCase().replace(/[^0-9A-Z]+/g, ' ').trim();
}

/** A company name reduced to the words that identify it (no suffixes such as LTDA, ME, S/A). */
export function nomeEssencial(nome: string): string {
  return textoComparavel(nome)
    .split(' ')
    .filter((w) => w && !SUFIXOS.has(w))
    .join(' ');
}

/** Whether the memo names the client: its essential name (at least 5 letters) as whole words of the memo. */
export function memoNomeia(memo: string, c: ClienteConhecido): boolean {
  const texto = ` ${textoComparavel(memo)} `;
  return [c.razaoSocial, c.nomeFantasia ?? ''].some((n) => {
    const essencial = nomeEssencial(n);
    return essencial.replace(/ /g, '').length >= 5 && texto.includes(` ${essencial} `);
  });
}

/** CNPJs (numeric or alphanumeric, masked or not) and CPFs written in a memo, clean. */
export function documentosNoMemo(memo: string): string[] {
  const out = new Set<string>();
  const up = memo.toUpperCase();
  for (const m of up.matchAll(/(?<![0-9A-Z])[0-9A-Z]{2}\.?[0-9A-Z]{3}\.?[0-9A-Z]{3}\/?[0-9A-Z]{4}-?\d{2}(?![0-9A-Z])/g)) {
    const clean = m[0].replace(/[^0-9A-Z]/g, '');
    if (clean.length === 14 && /\d/.test(clean.slice(0, 12))) out.add(clean);
  }
  for (const m of up.matchAll(/(?<![0-9])\d{3}\.?\d{3}\.?\d{3}-?\d{2}(?![0-9])/g)) out.add(onlyDigits(m[0]));
  return [...out];
}

const dentro = (data: string, vencimento: string, dias: number) => vencimento >= addCalendarDays(data, -dias) && vencimento <= addCalendarDays(data, dias);

/** The candidates for one credit, best first, and the proposal they make. */
export function propor(credito: Credito, abertas: readonly CobrancaAberta[], clientes: ReadonlyMap<string, ClienteConhecido>): Proposta {
  const memoLimpo = credito.memo.toUpperCase().replace(/[^0-9A-Z]/g, '');
  const porTxid = abertas.find((c) => c.txid && memoLimpo.includes(c.txid.toUpperCase()));
  if (porTxid) {
    const cand = { cobranca: porTxid, evidencia: 'txid' as const, diferencaCentavos: credito.valorCentavos - porTxid.saldoCentavos, pontos: 1000 };
    return { situacao: 'txid', cobrancaId: porTxid.id, preSelecionada: true, candidatos: [cand] };
  }
  const docs = new Set(documentosNoMemo(credito.memo));
  const candidatos: Candidato[] = [];
  for (const c of abertas) {
    const cliente = clientes.get(c.clienteId);
    const diferencaCentavos = credito.valorCentavos - c.saldoCentavos;
    const igual = diferencaCentavos === 0;
    const evidencia: Evidencia | null =
      cliente?.cnpj && docs.has(cliente.cnpj) ? 'documento' : cliente && memoNomeia(credito.memo, cliente) ? 'nome' : igual ? 'valor' : null;
    if (!evidencia) continue;
    const janela = evidencia === 'valor' ? JANELA_DIAS : JANELA_IDENTIFICADO_DIAS;
    if (!dentro(credito.data, c.vencimento, janela)) continue;
    const base = evidencia === 'documento' ? 300 : evidencia === 'nome' ? 200 : 100;
    const distancia = Math.abs(Date.parse(c.vencimento) - Date.parse(credito.data)) / 86_400_000;
    const pontos = base + (igual ? 50 : diferencaCentavos > 0 ? 10 : 20) - Math.min(distancia, 60) / 10;
    candidatos.push({ cobranca: c, evidencia, diferencaCentavos, pontos });
  }
  candidatos.sort((a, b) => b.pontos - a.pontos || a.cobranca.vencimento.localeCompare(b.cobranca.vencimento));
  const [melhor, segundo] = candidatos;
  if (!melhor) return { situacao: 'sem-correspondencia', cobrancaId: null, preSelecionada: false, candidatos };
  // Two equally good candidates of the same kind (two charges of one client with the same balance, two
  // clients' charges of the credit's amount): the reader chooses.
  const empate = segundo && segundo.evidencia === melhor.evidencia && segundo.diferencaCentavos === melhor.diferencaCentavos;
  if (empate) return { situacao: 'ambigua', cobrancaId: null, preSelecionada: false, candidatos };
  return {
    situacao: melhor.evidencia,
    cobrancaId: melhor.cobranca.id,
    preSelecionada: melhor.evidencia === 'documento' && melhor.diferencaCentavos === 0,
    candidatos,
  };
}
