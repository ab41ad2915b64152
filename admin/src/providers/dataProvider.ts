import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import type { DashboardResponse, DataMessageEnvelope, TipoClienteResponse } from '@veritas/common';
import type { AgendaMethods } from './agendaMethods';
import type { ClientesMethods } from './clientesMethods';
import type { EmailMethods } from './emailMethods';
import type { ExportableResource, ExportParams, exportMethods } from './exportMethods';
import type { MensagensMethods } from './mensagensMethods';
import type { relatoriosMethods } from './relatoriosMethods';
import type { equipeMethods } from './equipeMethods';
import type { AuditoriaMethods } from './auditoriaMethods';
import type { TitularesMethods } from './titularesMethods';
import { financasMethods } from './financasMethods';
import { registrosMethods } from './registrosMethods';
import type { TarefasMethods } from './tarefasMethods';
import type { AvisosMethods } from './avisosMethods';
import type { FilaSaidaMethods } from './filaSaidaMethods';
import type { ProcessosMethods } from './processosMethods';
import type { ContaMethods } from './contaMethods';
import { lazyMethods } from './lazyMethods';
import { apiAnswer } from './webClient';

type CrudMethods = Pick<DataProvider, 'getList' | 'getOne' | 'getMany' | 'getManyReference' | 'create' | 'update' | 'updateMany' | 'delete' | 'deleteMany'>;

/**
 * The panel's calls that are not CRUD, as named methods (react-admin's "custom methods"): screens
 * reach them with useDataProvider()/useMutation, so a 401 still signs out and no screen builds a
 * URL. The CRUD methods are ra-data-simple-rest's on our list contract.
 */
export interface PanelDataProvider extends DataProvider, Readonly<typeof relatoriosMethods>, Readonly<typeof equipeMethods>, Readonly<AuditoriaMethods>, Readonly<FilaSaidaMethods>, Readonly<AvisosMethods> {
  /** Ativa/inativa (tipos de cliente): the server's record and its pt-BR message. */
  toggleStatus(resource: 'tipos-cliente', params: { id: Identifier }): Promise<DataMessageEnvelope<TipoClienteResponse & RaRecord>>;
  /** A long list as the server streams it (CSV, the list's filter and sort), saved as a file. */
  exportCsv(resource: ExportableResource, params: ExportParams): Promise<void>;
  /** The dashboard figures of a period. */
  dashboard(periodo: string): Promise<DataMessageEnvelope<DashboardResponse>>;
}

/*
 * The dashboard calls only `dashboard` and Finanças' figures; every other method comes with its
 * module on its first call (lazyMethods), most often with the screen that uses it.
 */
export const dataProvider: PanelDataProvider = {
  ...lazyMethods<CrudMethods>(() => import('./crudProvider').then((m) => m.crudMethods), {
    getList: true,
    getOne: true,
    getMany: true,
    getManyReference: true,
    create: true,
    update: true,
    updateMany: true,
    delete: true,
    deleteMany: true,
  }),
  // The dashboard's Finanças figures use these (and Finanças' calls the registros' helpers).
  ...financasMethods,
  ...registrosMethods,
  ...lazyMethods<EmailMethods>(() => import('./emailMethods').then((m) => m.emailMethods), {
    getEmail: true,
    getMailUsage: true,
    markEmailRead: true,
    setEmailStarred: true,
    setEmailImportant: true,
    moveEmail: true,
    restoreEmail: true,
    deleteEmail: true,
    fetchEmailAttachment: true,
    downloadEmailAttachment: true,
    submitEmail: true,
    getEmailVinculos: true,
    setEmailVinculos: true,
    anexarAoRegistro: true,
  }),
  ...lazyMethods<MensagensMethods>(() => import('./mensagensMethods').then((m) => m.mensagensMethods), {
    getMensagem: true,
    updateMensagem: true,
    markMensagensTratadas: true,
    replyMensagem: true,
  }),
  ...lazyMethods<typeof exportMethods>(() => import('./exportMethods').then((m) => m.exportMethods), { exportCsv: true }),
  ...lazyMethods<ClientesMethods>(() => import('./clientesMethods').then((m) => m.clientesMethods), {
    setClientesStatus: true,
    getClienteCnpjInfo: true,
    lookupClienteCnpj: true,
    lookupClienteCep: true,
    getClienteRegistros: true,
    sendClientePasswordReset: true,
    getClienteMembros: true,
    convidarMembro: true,
    reenviarConviteMembro: true,
    revogarConviteMembro: true,
    atualizarMembro: true,
    removerMembro: true,
  }),
  ...lazyMethods<typeof relatoriosMethods>(() => import('./relatoriosMethods').then((m) => m.relatoriosMethods), {
    relatorios: true,
    relatorio: true,
    relatorioArquivo: true,
  }),
  ...lazyMethods<AgendaMethods>(() => import('./agendaMethods').then((m) => m.agendaMethods), {
    getAgenda: true,
    getAgendaPessoas: true,
    getEvento: true,
    createEvento: true,
    updateEvento: true,
    deleteEvento: true,
    renewAgendaFeed: true,
  }),
  ...lazyMethods<typeof equipeMethods>(() => import('./equipeMethods').then((m) => m.equipeMethods), {
    equipe: true,
    ausentes: true,
    ausencias: true,
    criarAusencia: true,
    excluirAusencia: true,
    reatribuir: true,
  }),
  ...lazyMethods<ProcessosMethods>(() => import('./processosMethods').then((m) => m.processosMethods), { moverRegistro: true }),
  ...lazyMethods<AuditoriaMethods>(() => import('./auditoriaMethods').then((m) => m.auditoriaMethods), {
    verificarAuditoria: true,
    registrarSimulacao: true,
  }),
  ...lazyMethods<TitularesMethods>(() => import('./titularesMethods').then((m) => m.titularesMethods), {
    approveSolicitacao: true,
    refuseSolicitacao: true,
  }),
  ...lazyMethods<TarefasMethods>(() => import('./tarefasMethods').then((m) => m.tarefasMethods), {
    tarefasEstado: true,
    executarTarefa: true,
    repetirFalha: true,
    descartarFalha: true,
  }),
  ...lazyMethods<FilaSaidaMethods>(() => import('./filaSaidaMethods').then((m) => m.filaSaidaMethods), {
    filaSaidaResumo: true,
    reenviarMensagem: true,
    cancelarMensagem: true,
    getEmailSaida: true,
    saveEmailSaida: true,
    removeEmailSaida: true,
    testarEmailSaida: true,
  }),
  ...lazyMethods<AvisosMethods>(() => import('./avisosMethods').then((m) => m.avisosMethods), {
    listAvisos: true,
    marcarAvisoLido: true,
    marcarAvisosLidos: true,
  }),
  ...lazyMethods<ContaMethods>(() => import('./contaMethods').then((m) => m.contaMethods), {
    getEmailRecuperacao: true,
    setEmailRecuperacao: true,
    removeEmailRecuperacao: true,
    confirmEmailRecuperacao: true,
    sendUserPasswordReset: true,
  }),

  toggleStatus: (resource, { id }) => apiAnswer(`/${resource}/${encodeURIComponent(String(id))}/toggle-status`, { method: 'PUT' }),
  dashboard: (periodo) => apiAnswer(`/dashboard?periodo=${encodeURIComponent(periodo)}`),
};
