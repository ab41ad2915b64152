import { UnprocessableEntityException } from '@nestjs/common';
import { cleanCnpj, type EtapaStatus, maskCnpj } from '@veritas/common';
import type { ConstituicaoEmpresa } from '../clientes';
import type { RegistroEtapa } from './entities/registro-etapa.entity';

/** The catalogue's abertura (SERVICOS_CATALOGO) and the name of its stage that records the CNPJ (MODELOS_PADRAO). */
export const SERVICO_ABERTURA = 'abertura-empresas';
const ETAPA_CNPJ = 'cnpj';

export const CONSTITUICAO_OBRIGATORIA =
  'Para concluir esta etapa, informe o CNPJ e o NIRE da empresa aberta: o cliente ainda não tem CNPJ e passa a ser essa empresa.';
export const CONSTITUICAO_FORA =
  'CNPJ, NIRE e razão social só são informados ao concluir a etapa CNPJ da abertura de um cliente que ainda não tem CNPJ.';

/**
 * The stage of an abertura that records the new company's CNPJ (issue 54): the one named "CNPJ" in the
 * template (MODELOS_PADRAO), else — a template the board renamed — the abertura's last stage.
 */
export function etapaDoCnpj(all: readonly RegistroEtapa[]): RegistroEtapa | null {
  return all.find((e) => e.nome.trim().toLowerCase() === ETAPA_CNPJ) ?? all.at(-1) ?? null;
}

/**
 * What a stage move records about a founder's company (issue 54, ADR 0047): CNPJ and NIRE, required
 * when concluding the CNPJ stage of an abertura whose client has no CNPJ yet, and refused anywhere
 * else (422, nothing changed); null when the move records nothing.
 */
export function constituicaoDoMovimento(
  servico: string | null,
  all: readonly RegistroEtapa[],
  etapa: RegistroEtapa,
  to: EtapaStatus,
  clienteSemCnpj: boolean,
  dto: { cnpj?: string | null; nire?: string | null; razaoSocial?: string | null },
): ConstituicaoEmpresa | null {
  const sent = !!(dto.cnpj || dto.nire || dto.razaoSocial);
  const registra = servico === SERVICO_ABERTURA && clienteSemCnpj && to === 'concluida' && etapaDoCnpj(all)?.id === etapa.id;
  if (!registra) {
    if (sent) throw new UnprocessableEntityException(CONSTITUICAO_FORA);
    return null;
  }
  if (!dto.cnpj || !dto.nire) throw new UnprocessableEntityException(CONSTITUICAO_OBRIGATORIA);
  return { cnpj: cleanCnpj(dto.cnpj), nire: dto.nire, razaoSocial: dto.razaoSocial ?? null };
}

/** The history line of the stage that made the company: "CNPJ — empresa constituída: CNPJ 11.222.333/0001-81, NIRE 35212345678". */
export function linhaDaConstituicao(etapaNome: string, c: ConstituicaoEmpresa): string {
  return `${etapaNome} — empresa constituída: CNPJ ${maskCnpj(c.cnpj)}, NIRE ${c.nire}`;
}
