import { prazoResposta, SOLICITACAO_STATUS_LABELS, SOLICITACAO_TIPO_LABELS, SolicitacaoTitularResponse } from '@veritas/common';
import { toIso } from '../platform/database';
import type { SolicitacaoTitular } from './entities/solicitacao-titular.entity';

/** The download route of a ready export whose link still works. */
export const downloadPath = (id: string) => `/api/clientes/me/exportacao/${id}/arquivo`;

export function toSolicitacaoResponse(s: SolicitacaoTitular, now: Date, clienteNome?: string | null): SolicitacaoTitularResponse {
  const linkValido = s.status === 'pronta' && !!s.arquivoKey && !!s.expiraEm && new Date(s.expiraEm) > now;
  return {
    _id: s.id,
    tipo: s.tipo,
    tipoLabel: SOLICITACAO_TIPO_LABELS[s.tipo] ?? s.tipo,
    status: s.status,
    statusLabel: SOLICITACAO_STATUS_LABELS[s.status] ?? s.status,
    clienteId: s.clienteId,
    ...(clienteNome === undefined ? {} : { clienteNome }),
    motivo: s.motivo,
    dados: s.dados,
    resposta: s.resposta,
    respondidaEm: toIso(s.respondidaEm),
    respondidaPorNome: s.respondidaPorNome,
    respostaEnviadaEm: toIso(s.respostaEnviadaEm),
    prazo: s.tipo === 'exportacao' ? null : toIso(prazoResposta(s.createdAt)),
    expiraEm: toIso(s.expiraEm),
    tamanho: s.tamanho,
    download: linkValido ? downloadPath(s.id) : null,
    createdAt: toIso(s.createdAt) ?? '',
    updatedAt: toIso(s.updatedAt) ?? '',
  };
}
