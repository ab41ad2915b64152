import {
  ETAPA_STATUS_LABELS,
  EtapaStatus,
  EXIGENCIA_STATUS_LABELS,
  ExigenciaStatus,
  juntaPorUf,
  IsoDate,
  isFinalStatus,
  isRegistroStatus,
  REGISTRO_STATUS_LABELS,
  RegistroHistoricoResponse,
  RegistroResponse,
} from '@veritas/common';
import { toIso } from '../platform/database';
import type { RegistroHistorico } from './entities/registro-historico.entity';
import type { Registro } from './entities/registro.entity';

/** What a response needs besides the row: names, and the day and calendar to count from. */
export interface RegistroContext {
  clienteNome: string | null;
  responsavelNome: string | null;
  today: IsoDate;
  /** Business days from `today` to a due date on the registro's Junta's calendar (CalendarioService.businessDaysOn; null: too far to count). */
  diasUteisAte: (prazo: IsoDate) => number | null;
}

/** The only shape in which a registro leaves the server (§3.6 names first). */
export function toRegistroResponse(r: Registro, ctx: RegistroContext): RegistroResponse {
  const open = !isFinalStatus(r.status);
  const paused = open && r.prazo === null && r.pausadoEm !== null;
  let dias: number | null = null;
  if (paused) dias = r.diasUteisRestantes;
  else if (open && r.prazo) dias = ctx.diasUteisAte(r.prazo);
  const createdAt = toIso(r.createdAt) ?? '';
  return {
    _id: r.id,
    numero: r.numero,
    data: createdAt,
    tipo: r.tipo,
    status: r.status,
    statusLabel: REGISTRO_STATUS_LABELS[r.status] ?? r.status,
    servico: r.servico,
    descricao: r.descricao,
    valor: r.valor ?? null,
    clienteId: r.clienteId,
    clienteNome: ctx.clienteNome,
    responsavelId: r.responsavelId,
    responsavelNome: r.responsavelId ? ctx.responsavelNome : null,
    slaDiasUteis: r.slaDiasUteis,
    prazo: r.prazo,
    prazoPausado: paused,
    diasUteisRestantes: dias,
    vencido: open && !!r.prazo && r.prazo < ctx.today,
    encerradoEm: toIso(r.encerradoEm),
    createdAt,
    updatedAt: toIso(r.updatedAt) ?? '',
    juntaUf: r.juntaUf,
    etapaAtual: r.etapaAtual ?? null,
    etapaDesde: r.etapaAtual ? toIso(r.etapaDesde) : null,
    emExigencia: open && !!r.exigenciaPrazo,
    exigenciaPrazo: open ? r.exigenciaPrazo ?? null : null,
  };
}

/** A history line; for a client, the internal note is left out (and the line itself is filtered earlier). */
export function toHistoricoResponse(h: RegistroHistorico, forStaff: boolean): RegistroHistoricoResponse {
  const label = (v: string | null): string | null => {
    if (v === null) return v;
    if (h.evento === 'etapa') return ETAPA_STATUS_LABELS[v as EtapaStatus] ?? v;
    if (h.evento === 'junta') return juntaPorUf(v)?.sigla ?? v;
    if (h.evento === 'exigencia') return EXIGENCIA_STATUS_LABELS[v as ExigenciaStatus] ?? v;
    return h.evento !== 'responsavel' && isRegistroStatus(v) ? REGISTRO_STATUS_LABELS[v] : v;
  };
  const out: RegistroHistoricoResponse = {
    _id: h.id,
    data: toIso(h.createdAt) ?? '',
    evento: h.evento,
    de: h.de,
    para: h.para,
    deLabel: label(h.de),
    paraLabel: label(h.para),
    autorTipo: h.autorTipo,
    autorNome: h.autorNome,
    nota: forStaff || h.notaVisivelCliente ? h.nota : null,
  };
  if (forStaff) out.notaVisivelCliente = h.notaVisivelCliente;
  return out;
}
