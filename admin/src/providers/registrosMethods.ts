/*
 * The registros' custom actions (issue 6) as named dataProvider methods: the core dataProvider
 * spreads `registrosMethods` in, and screens reach them with `useRegistrosApi()` (react-admin's
 * useDataProvider, so a 401 still signs out). Lists and single records go through getList/getOne.
 */
import { useDataProvider, type DataProvider } from 'react-admin';
import type { ChecklistItemResponse, ChecklistModeloItem, EtapaModelo, EtapaStatus, ExigenciaResponse, JuntaResponse, RegistroDetalheResponse, RegistroResponse, RegistroStatus } from '@veritas/common';
import { unwrap } from '@veritas/web';
import { type BulkResult, runBulk } from './bulk';
import { withId } from './httpClient';
import { webClient } from './webClient';

/** One call through the shared client, answering the `data` of its envelope (records get react-admin's `id`). */
export async function apiData<T>(path: string, init: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown } = {}): Promise<T> {
  const data = unwrap<unknown>(await webClient.request(`/api${path}`, { method: init.method ?? 'GET', body: init.body }));
  return (Array.isArray(data) ? data.map(withId) : withId(data)) as T;
}

const registroPath = (id: string) => `/registros/${encodeURIComponent(id)}`;

export interface StatusChangeInput {
  status: RegistroStatus;
  note?: string;
  visivelCliente: boolean;
}

/** PUT /api/registros/:id/etapas/:etapaId (issue 11). */
export interface EtapaMoveInput {
  status: EtapaStatus;
  protocolo?: string;
  nota?: string;
  visivelCliente?: boolean;
  /** AAAA-MM-DD, never in the future: backdates the start or the end. */
  data?: string;
}

/** A service's stage template (GET /api/processos/modelos[/:servico]). */
export interface ProcessoModelo {
  servico: string;
  nome: string;
  etapas: EtapaModelo[];
  personalizado: boolean;
  atualizadoEm: string | null;
  atualizadoPor: string | null;
}

/** A service's checklist template (GET/PUT /api/processos/checklists/:servico). */
export interface ChecklistModelo {
  servico: string;
  nome: string;
  itens: ChecklistModeloItem[];
}

export const registrosMethods: {
  getRegistroDetalhe: (id: string) => Promise<RegistroDetalheResponse>;
  assignRegistro: (id: string, responsavelId: string | null) => Promise<RegistroDetalheResponse>;
  assignRegistros: (ids: readonly (string | number)[], responsavelId: string | null) => Promise<BulkResult>;
  changeRegistroStatus: (id: string, input: StatusChangeInput) => Promise<RegistroDetalheResponse>;
  getRegistrosDoCliente: (clienteId: string) => Promise<RegistroResponse[]>;
  moveEtapa: (id: string, etapaId: string, input: EtapaMoveInput) => Promise<RegistroDetalheResponse>;
  changeJunta: (id: string, uf: string) => Promise<RegistroDetalheResponse>;
  getJuntas: () => Promise<JuntaResponse[]>;
  getModelos: () => Promise<ProcessoModelo[]>;
  getModelo: (servico: string) => Promise<ProcessoModelo>;
  putModelo: (servico: string, etapas: EtapaModelo[]) => Promise<ProcessoModelo>;
  getChecklistModelo: (servico: string) => Promise<ChecklistModelo>;
  putChecklistModelo: (servico: string, itens: ChecklistModeloItem[]) => Promise<ChecklistModelo>;
  createExigencia: (id: string, input: { descricao: string; notificadaEm: string }) => Promise<ExigenciaResponse>;
  cumprirExigencia: (id: string, exigenciaId: string) => Promise<ExigenciaResponse>;
  avaliarChecklistItem: (id: string, itemId: string, input: { status: 'aceito' | 'recusado'; motivo?: string }) => Promise<ChecklistItemResponse>;
} = {
  /** A registro with its history and documents. */
  getRegistroDetalhe: (id: string) => apiData<RegistroDetalheResponse>(registroPath(id)),
  /** Assigns (or, with null, releases) a registro; an associado may only take or leave. */
  assignRegistro: (id: string, responsavelId: string | null) =>
    apiData<RegistroDetalheResponse>(`${registroPath(id)}/responsavel`, { method: 'PUT', body: { responsavelId } }),
  /** Bulk "Atribuir": each registro assigned (or released) on its own; answers how many went through. */
  assignRegistros: (ids: readonly (string | number)[], responsavelId: string | null) =>
    runBulk(ids, (id) => registrosMethods.assignRegistro(id, responsavelId), 'Erro ao alterar o responsável.'),
  changeRegistroStatus: (id: string, input: StatusChangeInput) =>
    apiData<RegistroDetalheResponse>(`${registroPath(id)}/status`, { method: 'PUT', body: input }),
  /** Every registro of one client (the upload dialog's and the documents screen's choices). */
  getRegistrosDoCliente: (clienteId: string) => apiData<RegistroResponse[]>(`/registros/cliente/${encodeURIComponent(clienteId)}`),
  /** Starts, completes, skips or reopens one stage (issue 11); answers the registro with its stages. */
  moveEtapa: (id: string, etapaId: string, input: EtapaMoveInput) =>
    apiData<RegistroDetalheResponse>(`${registroPath(id)}/etapas/${encodeURIComponent(etapaId)}`, { method: 'PUT', body: input }),
  /** Files the registro at another Junta Comercial. */
  changeJunta: (id: string, uf: string) => apiData<RegistroDetalheResponse>(`${registroPath(id)}/junta`, { method: 'PUT', body: { uf } }),
  getJuntas: () => apiData<JuntaResponse[]>('/juntas'),
  getModelos: () => apiData<ProcessoModelo[]>('/processos/modelos'),
  getModelo: (servico: string) => apiData<ProcessoModelo>(`/processos/modelos/${encodeURIComponent(servico)}`),
  putModelo: (servico: string, etapas: EtapaModelo[]) =>
    apiData<ProcessoModelo>(`/processos/modelos/${encodeURIComponent(servico)}`, { method: 'PUT', body: { etapas } }),
  getChecklistModelo: (servico: string) => apiData<ChecklistModelo>(`/processos/checklists/${encodeURIComponent(servico)}`),
  putChecklistModelo: (servico: string, itens: ChecklistModeloItem[]) =>
    apiData<ChecklistModelo>(`/processos/checklists/${encodeURIComponent(servico)}`, { method: 'PUT', body: { itens } }),
  /** Records an exigência of the Junta (30 calendar days from the notice; the registro's clock pauses). */
  createExigencia: (id: string, input: { descricao: string; notificadaEm: string }) =>
    apiData<ExigenciaResponse>(`${registroPath(id)}/exigencias`, { method: 'POST', body: input }),
  cumprirExigencia: (id: string, exigenciaId: string) =>
    apiData<ExigenciaResponse>(`${registroPath(id)}/exigencias/${encodeURIComponent(exigenciaId)}`, { method: 'PUT', body: { status: 'cumprida' } }),
  /** Accepts a checklist file, or refuses it with a reason the client sees. */
  avaliarChecklistItem: (id: string, itemId: string, input: { status: 'aceito' | 'recusado'; motivo?: string }) =>
    apiData<ChecklistItemResponse>(`${registroPath(id)}/checklist/${encodeURIComponent(itemId)}`, { method: 'PUT', body: input }),
};

export type RegistrosMethods = typeof registrosMethods;

export function useRegistrosApi(): DataProvider & RegistrosMethods {
  return useDataProvider<DataProvider & RegistrosMethods>();
}
