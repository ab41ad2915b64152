/*
 * Finanças' calls that are not CRUD (issue 12), as named dataProvider methods spread into the core
 * dataProvider and reached with `useFinancasApi()` (useDataProvider: a 401 signs out).
 */
import { useDataProvider, type DataProvider } from 'react-admin';
import type { CobrancaDetalheResponse, FinancasResumoResponse, FormaPagamento, LinhaTipo } from '@veritas/common';
import { downloadBlob, saveBlob, uploadFile } from '@veritas/web';
import { apiData } from './registrosMethods';
import { webClient } from './webClient';

type Detalhe = CobrancaDetalheResponse & { id: string };

/** An imported bank statement with the proposed match of each credit (GET /api/financas/extratos/:id). */
export interface Extrato {
  id: string;
  _id: string;
  nomeArquivo: string;
  conta: string;
  repetidas: number;
  registrados?: number;
  transacoes: {
    _id: string;
    fitid: string;
    data: string;
    valor: number;
    memo: string;
    situacao: 'conciliada' | 'txid' | 'valor' | 'ambigua' | 'sem-correspondencia';
    cobrancaId: string | null;
    candidatas: { cobrancaId: string; clienteNome: string | null; vencimento: string; saldo: number; txid: string }[];
  }[];
}
const cobrancaPath = (id: string) => `/cobrancas/${encodeURIComponent(id)}`;

export const financasMethods = {
  /** Receivable, received, overdue and aging for a period (7d, 30d, mes, ano). */
  financasResumo: (periodo: string) => apiData<FinancasResumoResponse>(`/financas/resumo?periodo=${encodeURIComponent(periodo)}`),
  /** The PIX of an open charge: "copia e cola" payload and the QR code as SVG. */
  cobrancaPix: (id: string) => apiData<{ payload: string; qrSvg: string }>(`${cobrancaPath(id)}/pix`),
  /** Records a payment; answers the charge with its payments. */
  registrarPagamento: (id: string, p: { valor: number; forma: FormaPagamento; data?: string; nota?: string }) =>
    apiData<Detalhe>(`${cobrancaPath(id)}/pagamentos`, { method: 'POST', body: p }),
  /** Cancels an open charge with a reason. */
  cancelarCobranca: (id: string, motivo: string) => apiData<Detalhe>(`${cobrancaPath(id)}/cancelar`, { method: 'PUT', body: { motivo } }),
  /** A manual charge. */
  criarCobranca: (c: { clienteId: string; vencimento?: string; linhas: { descricao: string; tipo: LinhaTipo; valor: number }[] }) =>
    apiData<Detalhe>('/cobrancas', { method: 'POST', body: c }),
  /** Changes the due date and/or the lines of an open charge without payments. */
  editarCobranca: (id: string, c: { vencimento?: string; linhas?: { descricao: string; tipo: LinhaTipo; valor: number }[] }) =>
    apiData<Detalhe>(cobrancaPath(id), { method: 'PUT', body: c }),
  /** Uploads an OFX statement: its credits and the proposed matches (nothing is paid yet). */
  importarExtrato: async (file: File): Promise<Extrato> => {
    const form = new FormData();
    form.append('arquivo', file, file.name);
    const data = await uploadFile<Extrato>('/api/financas/extratos', form, webClient.authHeaders(), () => {});
    return { ...data, id: data._id };
  },
  /** Records the confirmed matches as payments. */
  confirmarExtrato: (id: string, matches: { transacaoId: string; cobrancaId: string }[]) =>
    apiData<Extrato>(`/financas/extratos/${encodeURIComponent(id)}/confirmar`, { method: 'POST', body: { matches } }),
  /** Saves a payment's PDF receipt (the route needs the token, so no plain link). */
  baixarRecibo: async (id: string, pagamentoId: string, fileName: string) => {
    saveBlob(await downloadBlob(`/api${cobrancaPath(id)}/pagamentos/${encodeURIComponent(pagamentoId)}/recibo`, webClient.authHeaders()), fileName);
  },
};

export type FinancasMethods = typeof financasMethods;

export function useFinancasApi(): DataProvider & FinancasMethods {
  return useDataProvider<DataProvider & FinancasMethods>();
}

