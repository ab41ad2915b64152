/*
 * Finanças' calls that are not CRUD (issue 12), as named dataProvider methods spread into the core
 * dataProvider and reached with `useFinancasApi()` (useDataProvider: a 401 signs out).
 */
import { useDataProvider, type DataProvider } from 'react-admin';
import type {
  CobrancaDetalheResponse,
  ExtratoConfirmadoResponse,
  ExtratoResponse,
  FinancasResumoResponse,
  PagamentoInput,
  PixCobrancaResponse,
} from '@veritas/common';
import { saveBlob, type WithId } from '@veritas/web';
import { apiData, webClient } from './webClient';

type Detalhe = WithId<CobrancaDetalheResponse>;

/** An imported bank statement as the panel holds it: react-admin's `id`, and once confirmed how many payments it recorded. */
export type Extrato = WithId<ExtratoResponse> & Partial<Pick<ExtratoConfirmadoResponse, 'registrados'>>;

const cobrancaPath = (id: string) => `/cobrancas/${encodeURIComponent(id)}`;

export const financasMethods = {
  /** Receivable, received, overdue and aging for a period (7d, 30d, mes, ano). */
  financasResumo: (periodo: string) => apiData<FinancasResumoResponse>(`/financas/resumo?periodo=${encodeURIComponent(periodo)}`),
  /** The PIX of an open charge: "copia e cola" payload and the QR code as SVG. */
  cobrancaPix: (id: string) => apiData<PixCobrancaResponse>(`${cobrancaPath(id)}/pix`),
  /** Records a payment; answers the charge with its payments. */
  registrarPagamento: (id: string, p: PagamentoInput) =>
    apiData<Detalhe>(`${cobrancaPath(id)}/pagamentos`, { method: 'POST', body: p }),
  /** Cancels an open charge with a reason. */
  cancelarCobranca: (id: string, motivo: string) => apiData<Detalhe>(`${cobrancaPath(id)}/cancelar`, { method: 'PUT', body: { motivo } }),
  /** Uploads an OFX statement: its credits and the proposed matches (nothing is paid yet). */
  importarExtrato: (file: File): Promise<Extrato> => {
    const form = new FormData();
    form.append('arquivo', file, file.name);
    return webClient.upload<Extrato>('/api/financas/extratos', form);
  },
  /** Records the confirmed matches as payments. */
  confirmarExtrato: (id: string, matches: { transacaoId: string; cobrancaId: string }[]) =>
    apiData<Extrato>(`/financas/extratos/${encodeURIComponent(id)}/confirmar`, { method: 'POST', body: { matches } }),
  /** Saves a payment's PDF receipt (the route needs the token, so no plain link). */
  baixarRecibo: async (id: string, pagamentoId: string, fileName: string) => {
    saveBlob(await webClient.download(`/api${cobrancaPath(id)}/pagamentos/${encodeURIComponent(pagamentoId)}/recibo`), fileName);
  },
};

export type FinancasMethods = typeof financasMethods;

export function useFinancasApi(): DataProvider & FinancasMethods {
  return useDataProvider<DataProvider & FinancasMethods>();
}
