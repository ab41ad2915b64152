/*
 * The registros' custom actions (issue 6) as named dataProvider methods: the core dataProvider
 * spreads `registrosMethods` in, and screens reach them with `useRegistrosApi()` (react-admin's
 * useDataProvider, so a 401 still signs out). Lists and single records go through getList/getOne.
 */
import { useDataProvider, type DataProvider } from 'react-admin';
import type {
  ChecklistAvaliacaoInput,
  ChecklistItemResponse,
  ChecklistModeloItem,
  ChecklistModeloResponse,
  CorrespondenciaLinha,
  RegistroMensagemItem,
  EtapaModelo,
  EtapaMoveInput,
  ExigenciaInput,
  ExigenciaResponse,
  JuntaResponse,
  ProcessoModeloResponse,
  RegistroDetalheResponse,
  RegistroResponse,
  ServicoDisponivelResponse,
  StatusChangeInput,
} from '@veritas/common';
import { mensagensPath } from '@veritas/common';
import { type BulkResult, runBulk } from './bulk';
import { apiData, webClient } from './webClient';

/* The Agenda's methods call through it from here. */
export { apiData } from './webClient';

const registroPath = (id: string) => `/registros/${encodeURIComponent(id)}`;

export const registrosMethods: {
  getRegistroDetalhe: (id: string) => Promise<RegistroDetalheResponse>;
  assignRegistro: (id: string, responsavelId: string | null) => Promise<RegistroDetalheResponse>;
  assignRegistros: (ids: readonly (string | number)[], responsavelId: string | null) => Promise<BulkResult>;
  changeRegistroStatus: (id: string, input: StatusChangeInput) => Promise<RegistroDetalheResponse>;
  getRegistrosDoCliente: (clienteId: string) => Promise<RegistroResponse[]>;
  getServicosDoCliente: (clienteId: string) => Promise<ServicoDisponivelResponse[]>;
  moveEtapa: (id: string, etapaId: string, input: EtapaMoveInput) => Promise<RegistroDetalheResponse>;
  changeJunta: (id: string, uf: string) => Promise<RegistroDetalheResponse>;
  getJuntas: () => Promise<JuntaResponse[]>;
  getModelos: () => Promise<ProcessoModeloResponse[]>;
  getModelo: (servico: string) => Promise<ProcessoModeloResponse>;
  putModelo: (servico: string, etapas: EtapaModelo[]) => Promise<ProcessoModeloResponse>;
  getChecklistModelo: (servico: string) => Promise<ChecklistModeloResponse>;
  putChecklistModelo: (servico: string, itens: ChecklistModeloItem[]) => Promise<ChecklistModeloResponse>;
  createExigencia: (id: string, input: ExigenciaInput) => Promise<ExigenciaResponse>;
  cumprirExigencia: (id: string, exigenciaId: string) => Promise<ExigenciaResponse>;
  avaliarChecklistItem: (id: string, itemId: string, input: ChecklistAvaliacaoInput) => Promise<ChecklistItemResponse>;
  getCorrespondencia: (id: string, page: number, perPage: number) => Promise<{ data: CorrespondenciaLinha[]; total: number }>;
  getChecklist: (id: string) => Promise<ChecklistItemResponse[]>;
  getMensagens: (id: string, q: string) => Promise<MensagensPagina>;
  enviarMensagem: (id: string, texto: string, files: readonly File[], onProgress: (fraction: number) => void) => Promise<RegistroMensagemItem>;
  marcarMensagensLidas: (id: string) => Promise<{ marcadas: number }>;
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
  /** The services (and the prices of its type) a registro of this client may be opened for. */
  getServicosDoCliente: (clienteId: string) =>
    apiData<ServicoDisponivelResponse[]>(`/registros/servicos?clienteId=${encodeURIComponent(clienteId)}`),
  /** Starts, completes, skips or reopens one stage (issue 11); answers the registro with its stages. */
  moveEtapa: (id: string, etapaId: string, input: EtapaMoveInput) =>
    apiData<RegistroDetalheResponse>(`${registroPath(id)}/etapas/${encodeURIComponent(etapaId)}`, { method: 'PUT', body: input }),
  /** Files the registro at another Junta Comercial. */
  changeJunta: (id: string, uf: string) => apiData<RegistroDetalheResponse>(`${registroPath(id)}/junta`, { method: 'PUT', body: { uf } }),
  getJuntas: () => apiData<JuntaResponse[]>('/juntas'),
  getModelos: () => apiData<ProcessoModeloResponse[]>('/processos/modelos'),
  getModelo: (servico: string) => apiData<ProcessoModeloResponse>(`/processos/modelos/${encodeURIComponent(servico)}`),
  putModelo: (servico: string, etapas: EtapaModelo[]) =>
    apiData<ProcessoModeloResponse>(`/processos/modelos/${encodeURIComponent(servico)}`, { method: 'PUT', body: { etapas } }),
  getChecklistModelo: (servico: string) => apiData<ChecklistModeloResponse>(`/processos/checklists/${encodeURIComponent(servico)}`),
  putChecklistModelo: (servico: string, itens: ChecklistModeloItem[]) =>
    apiData<ChecklistModeloResponse>(`/processos/checklists/${encodeURIComponent(servico)}`, { method: 'PUT', body: { itens } }),
  /** Records an exigência of the Junta (30 calendar days from the notice; the registro's clock pauses). */
  createExigencia: (id: string, input: ExigenciaInput) => apiData<ExigenciaResponse>(`${registroPath(id)}/exigencias`, { method: 'POST', body: input }),
  cumprirExigencia: (id: string, exigenciaId: string) =>
    apiData<ExigenciaResponse>(`${registroPath(id)}/exigencias/${encodeURIComponent(exigenciaId)}`, { method: 'PUT', body: { status: 'cumprida' } }),
  /** Accepts a checklist file, or refuses it with a reason the client sees. */
  avaliarChecklistItem: (id: string, itemId: string, input: ChecklistAvaliacaoInput) =>
    apiData<ChecklistItemResponse>(`${registroPath(id)}/checklist/${encodeURIComponent(itemId)}`, { method: 'PUT', body: input }),
  /** A registro's document checklist, in order. */
  getChecklist: (id: string) => apiData<ChecklistItemResponse[]>(`${registroPath(id)}/checklist`),
  /** Issue 56: the mails of the caller's own mailbox linked to the registro, newest first, one page. */
  getCorrespondencia: (id: string, page: number, perPage: number) => {
    const range = encodeURIComponent(JSON.stringify([(page - 1) * perPage, page * perPage - 1]));
    return webClient.request<{ data: CorrespondenciaLinha[]; total: number }>(`/api${registroPath(id)}/correspondencia?range=${range}`);
  },
  /** The conversation with the client (ADR 0057): its newest 200 messages, newest first; q searches their text. */
  getMensagens: (id: string, q: string) => {
    const params = new URLSearchParams({ range: JSON.stringify([0, 199]), ...(q.trim() ? { filter: JSON.stringify({ q: q.trim() }) } : {}) });
    return webClient.request<MensagensPagina>(`${mensagensPath(id)}?${params.toString()}`);
  },
  /** Answers the client: the text and the files in one form, with the upload's progress. */
  enviarMensagem: (id: string, texto: string, files: readonly File[], onProgress: (fraction: number) => void) => {
    const form = new FormData();
    form.append('texto', texto);
    for (const f of files) form.append('arquivo', f, f.name);
    return webClient.upload<RegistroMensagemItem>(mensagensPath(id), form, { onProgress });
  },
  /** The client's messages are read (their read receipt). */
  marcarMensagensLidas: (id: string) => webClient.post<{ marcadas: number }>(`${mensagensPath(id)}/lidas`),
};

/** A page of a registro's conversation, and how many of the client's messages the staff have not read. */
export type MensagensPagina = { data: RegistroMensagemItem[]; total: number; naoLidas: number };

export type RegistrosMethods = typeof registrosMethods;

export function useRegistrosApi(): DataProvider & RegistrosMethods {
  return useDataProvider<DataProvider & RegistrosMethods>();
}
