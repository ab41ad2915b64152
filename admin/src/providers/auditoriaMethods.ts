/* The audit trail's actions (issue 16) as named dataProvider methods. */
import type { AuditoriaVerificacao, OkResponse } from '@veritas/common';
import { apiData } from './webClient';

export const auditoriaMethods = {
  /** Walks the hash chain on the server (master). */
  verificarAuditoria: () => apiData<AuditoriaVerificacao>('/auditoria/verificar'),
  /** Tells the trail a simulation of another user type started (tipo) or ended (null). */
  registrarSimulacao: (tipo: string | null) => apiData<OkResponse>('/auditoria/simulacao', { method: 'POST', body: { tipo } }),
};

export type AuditoriaMethods = typeof auditoriaMethods;
