import { BadRequestException } from '@nestjs/common';
import { centavosToReais, CobrancaLinhaResponse, formatBRL, isIsoDate, linhaProblem, linhasTotalProblem, LinhaTipo, MAX_LINHAS, reaisToCentavos } from '@veritas/common';
import { singleLineProblem } from '../platform/http';

export { MAX_LINHAS };

/** A charge's line as stored: integer centavos. */
export interface LinhaIn {
  descricao: string;
  tipo: LinhaTipo;
  valorCentavos: number;
}

/** The lines as sent ({ descricao, tipo, valor in BRL }), checked one by one with the shared pt-BR rules. */
export function parseLinhas(raw: unknown[]): LinhaIn[] {
  const many = raw.length && raw.length <= MAX_LINHAS ? null : linhasTotalProblem(raw);
  if (many) throw new BadRequestException(many);
  const out = raw.map((item, i) => {
    const problem = linhaProblem(item, i + 1);
    if (problem) throw new BadRequestException(problem.message);
    const { descricao, tipo, valor } = item as CobrancaLinhaResponse;
    const control = singleLineProblem('descricao', descricao);
    if (control) throw new BadRequestException(control);
    return { descricao: descricao.trim(), tipo, valorCentavos: reaisToCentavos(valor) as number };
  });
  const total = linhasTotalProblem(raw);
  if (total) throw new BadRequestException(total);
  return out;
}

export function checkDate(v: string, label: string): void {
  if (!isIsoDate(v)) throw new BadRequestException(`${label} inválido(a): use uma data real no formato AAAA-MM-DD.`);
}

export const sum = (ls: { valorCentavos: number }[]) => ls.reduce((s, l) => s + l.valorCentavos, 0);
/** Centavos as the history and messages write them: "R$ 1.234,50" (a plain space after R$). */
export const brl = (c: number) => formatBRL(centavosToReais(c)).replace(/\u00a0/g, ' ');
/** 'AAAA-MM-DD' as 'DD/MM/AAAA'. */
export const fmtDate = (d: string) => d.split('-').reverse().join('/');
