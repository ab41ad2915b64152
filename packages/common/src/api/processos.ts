/*
 * The registros' workflow requests and the service templates (issues 6 and 11), written once for
 * the server that takes and answers them and the panel that sends and draws them.
 */
import type { ChecklistModeloItem, EtapaModelo, EtapaStatus } from '../processos';
import type { RegistroStatus } from '../registro-status';

/** PUT /api/registros/:id/status. */
export interface StatusChangeInput {
  status: RegistroStatus;
  note?: string;
  visivelCliente: boolean;
}

/** PUT /api/registros/:id/etapas/:etapaId. */
export interface EtapaMoveInput {
  status: EtapaStatus;
  protocolo?: string;
  nota?: string;
  visivelCliente?: boolean;
  /** AAAA-MM-DD, never in the future: backdates the start or the end. */
  data?: string;
}

/** POST /api/registros/:id/exigencias: an exigência of the Junta, from the day it was notified. */
export interface ExigenciaInput {
  descricao: string;
  notificadaEm: string;
}

/** PUT /api/registros/:id/checklist/:itemId: a file accepted, or refused with the reason the client sees. */
export interface ChecklistAvaliacaoInput {
  status: 'aceito' | 'recusado';
  motivo?: string;
}

/** A service's stage template (GET /api/processos/modelos[/:servico]). */
export interface ProcessoModeloResponse {
  servico: string;
  nome: string;
  etapas: EtapaModelo[];
  /** False while the service uses the default template. */
  personalizado: boolean;
  atualizadoEm: string | null;
  atualizadoPor: string | null;
}

/** A service's checklist template (GET/PUT /api/processos/checklists/:servico). */
export interface ChecklistModeloResponse {
  servico: string;
  nome: string;
  itens: ChecklistModeloItem[];
}
