/*
 * Every call the client area makes, in one place, through the shared client of @veritas/web: JSON
 * over /api with the stored bearer token. A 401 means the session is over: it is cleared as a
 * rejected one and the visitor signs in again, coming back to the same address (§4).
 */
import {
  type CancelarSolicitacaoRequest,
  type ChecklistItemResponse,
  clearRejectedSession,
  type ClienteResponse,
  type CobrancaDetalheResponse,
  type CompromissoClienteResponse,
  type ContatoClienteRequest,
  type CorrecaoClienteRequest,
  type DocumentoResponse,
  type EliminacaoClienteRequest,
  isRecordId,
  mensagensPath,
  type RegistroMensagemItem,
  loginReturningTo,
  type NotificacoesPreferencias,
  type NovaSolicitacaoRequest,
  type NovidadeResponse,
  type NovidadesListResponse,
  type PendenciasClienteResponse,
  type PixCobrancaResponse,
  type RegistroDetalheResponse,
  type RegistroResponse,
  type ServicoDisponivelResponse,
  type SolicitacaoTitularResponse,
} from '@veritas/common';
import {
  ApiError,
  createApiClient,
  downloadBlob,
  downloadDocumento,
  type ListParams,
  listQuery,
  saveBlob,
  uploadDocumento,
  type UploadFields,
  uploadFile,
} from '@veritas/web';

export { errorMessage, errorStatus, type ListParams, type ListResult } from '@veritas/web';

/** What a failure says when the server gave no message of its own. */
export const UNEXPECTED = 'Ocorreu um erro inesperado. Tente novamente.';

/** The address on screen, to come back to after signing in again. */
export function currentAddress(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Leaves the portal for /login, which brings the visitor back to `path` after the sign-in. */
export function goToLogin(path = currentAddress()): void {
  window.location.assign(loginReturningTo(path));
}

const client = createApiClient({
  onUnauthorized: () => {
    clearRejectedSession(window.localStorage);
    goToLogin();
  },
});

type Read = { signal?: AbortSignal };
type Progress = (fraction: number) => void;
const seg = encodeURIComponent;

export const portalApi = {
  perfil: (o?: Read) => client.get<ClienteResponse>('/api/clientes/me', o),

  registros: (params: ListParams, o?: Read) => client.list<RegistroResponse>('/api/registros/me', params, o),
  // An address with no record id in it is answered here, as the server would (404), without a request.
  registro: (id: string, o?: Read) =>
    isRecordId(id) ? client.get<RegistroDetalheResponse>(`/api/registros/${seg(id)}`, o) : Promise.reject(new ApiError(404, 'Registro não encontrado.')),
  pendencias: (o?: Read) => client.get<PendenciasClienteResponse>('/api/registros/me/pendencias', o),
  servicos: (o?: Read) => client.get<ServicoDisponivelResponse[]>('/api/registros/servicos', o),
  solicitar: (body: NovaSolicitacaoRequest) => client.post<RegistroDetalheResponse>('/api/registros', body),
  cancelar: (id: string, body: CancelarSolicitacaoRequest) => client.put<RegistroDetalheResponse>(`/api/registros/${seg(id)}/status`, body),
  /** POST /api/registros/:id/checklist/:itemId/arquivo with progress (the same upload rules as documents). */
  enviarItem: (registroId: string, itemId: string, file: File, onProgress: Progress) => {
    const form = new FormData();
    form.append('arquivo', file, file.name);
    const url = `/api/registros/${seg(registroId)}/checklist/${seg(itemId)}/arquivo`;
    return client.guard(() => uploadFile<ChecklistItemResponse>(url, form, client.authHeaders(), onProgress));
  },

  /** A registro's conversation (ADR 0057): the newest page, newest first, with how many of the firm's are unread. */
  mensagens: async (registroId: string, o?: Read): Promise<{ data: RegistroMensagemItem[]; total: number; naoLidas: number }> => {
    const body = await client.request<{ data?: RegistroMensagemItem[]; total?: number; naoLidas?: number }>(
      `${mensagensPath(registroId)}${listQuery({ range: { from: 0, to: 199 } })}`,
      { ...o, method: 'GET' },
    );
    const data = Array.isArray(body?.data) ? body.data : [];
    return { data, total: body?.total ?? data.length, naoLidas: body?.naoLidas ?? 0 };
  },
  /** POST the message as multipart (text and files together) with the upload's progress. */
  enviarMensagem: (registroId: string, texto: string, files: readonly File[], onProgress: Progress) => {
    const form = new FormData();
    form.append('texto', texto);
    for (const f of files) form.append('arquivo', f, f.name);
    return client.guard(() => uploadFile<RegistroMensagemItem>(mensagensPath(registroId), form, client.authHeaders(), onProgress));
  },
  marcarMensagensLidas: (registroId: string) => client.post<{ marcadas: number }>(`${mensagensPath(registroId)}/lidas`),

  documentos: (params: ListParams, o?: Read) => client.list<DocumentoResponse>('/api/documentos/me', params, o),
  enviarDocumento: (file: File, fields: UploadFields, onProgress: Progress) =>
    client.guard(() => uploadDocumento(file, fields, client.authHeaders(), onProgress)),
  /** Saves the file under its own name; the server records a client's first download. */
  baixarDocumento: (doc: Pick<DocumentoResponse, '_id' | 'nomeArquivo'>) =>
    client.guard(() => downloadDocumento(doc._id, doc.nomeArquivo, client.authHeaders())),
  excluirDocumento: (id: string) => client.del(`/api/documentos/${seg(id)}`),

  cobrancas: (params: ListParams, o?: Read) => client.list<CobrancaDetalheResponse>('/api/cobrancas/me', params, o),
  pix: (id: string, o?: Read) => client.get<PixCobrancaResponse>(`/api/cobrancas/${seg(id)}/pix`, o),
  baixarRecibo: async (cobranca: Pick<CobrancaDetalheResponse, '_id' | 'txid'>, pagamentoId: string, n: number) => {
    const url = `/api/cobrancas/${seg(cobranca._id)}/pagamentos/${seg(pagamentoId)}/recibo`;
    saveBlob(await client.guard(() => downloadBlob(url, client.authHeaders())), `recibo-${cobranca.txid}-${n}.pdf`);
  },

  compromissos: (o?: Read) => client.get<CompromissoClienteResponse[]>('/api/agenda/me', o),

  solicitacoesTitular: (o?: Read) => client.get<SolicitacaoTitularResponse[]>('/api/clientes/me/solicitacoes', o),
  pedirExportacao: () => client.post<SolicitacaoTitularResponse>('/api/clientes/me/exportacao'),
  baixarExportacao: async (pedido: Pick<SolicitacaoTitularResponse, 'download' | 'createdAt'>) => {
    if (!pedido.download) return;
    const url = pedido.download;
    saveBlob(await client.guard(() => downloadBlob(url, client.authHeaders())), `meus-dados-${pedido.createdAt.slice(0, 10)}.zip`);
  },
  salvarContato: (body: ContatoClienteRequest) => client.put<ClienteResponse>('/api/clientes/me/contato', body),
  pedirCorrecao: (body: CorrecaoClienteRequest) => client.post('/api/clientes/me/correcao', body),
  pedirEliminacao: (body: EliminacaoClienteRequest) => client.post('/api/clientes/me/eliminacao', body),
  notificacoes: (o?: Read) => client.get<NotificacoesPreferencias>('/api/clientes/me/notificacoes', o),
  salvarNotificacoes: (body: Partial<NotificacoesPreferencias>) => client.put<NotificacoesPreferencias>('/api/clientes/me/notificacoes', body),

  /** Novidades: a page, newest first, with the unread count (the list envelope plus naoLidas). */
  novidades: async (params: ListParams, o?: Read): Promise<NovidadesListResponse> => {
    const body = await client.request<Partial<NovidadesListResponse>>(`/api/clientes/me/novidades${listQuery(params)}`, { ...o, method: 'GET' });
    const data = Array.isArray(body?.data) ? body.data : [];
    return { data, total: body?.total ?? data.length, naoLidas: body?.naoLidas ?? 0 };
  },
  marcarLida: (id: string) => client.post<NovidadeResponse>(`/api/clientes/me/novidades/${seg(id)}/lida`),
  marcarTodasLidas: () => client.post<{ marcadas: number }>('/api/clientes/me/novidades/lidas'),
};

/** The shared client, for the feature folders that keep their calls beside their screens (membros). */
export { client as portalClient };
