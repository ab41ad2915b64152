import { type EtapaModelo, RESPONSAVEL_TIPOS } from './processos';

/* Stage-template rules (issue 11), shared: the server refuses with them and the board's editor checks with them first. */

export const MODELO_MAX_ETAPAS = 30;
export const MODELO_NOME_MAX = 120;
export const MODELO_DURACAO_MAX = 365;
export const MODELO_CHAVE_MAX = 60;

/**
 * Why a template body is refused: `status` 400 for a malformed value, 422 for a rule it breaks;
 * `campo`, the path of the value refused ('etapas', 'etapas.2.nome'), where a form shows it.
 */
export interface ModeloRecusa {
  status: 400 | 422;
  message: string;
  campo?: string;
}

/**
 * Checks PUT /api/processos/modelos/:servico's `etapas` and returns them clean (names trimmed,
 * only the known fields), or the first reason to refuse, in pt-BR.
 */
export function validarEtapasModelo(body: unknown): { etapas: EtapaModelo[] } | ModeloRecusa {
  const bad = (message: string, campo?: string): ModeloRecusa => ({ status: 400, message, ...(campo ? { campo } : {}) });
  if (!body || typeof body !== 'object' || Array.isArray(body)) return bad('Envie { etapas: [...] }.');
  const extra = Object.keys(body).filter((k) => k !== 'etapas');
  if (extra.length) return bad(`Campo não permitido: ${extra.join(', ')}.`);
  const list = (body as { etapas?: unknown }).etapas;
  if (!Array.isArray(list)) return bad('Informe etapas: uma lista de etapas.', 'etapas');
  if (list.length === 0) return { status: 422, message: 'O modelo precisa de pelo menos uma etapa.', campo: 'etapas' };
  if (list.length > MODELO_MAX_ETAPAS) return { status: 422, message: `O modelo pode ter no máximo ${MODELO_MAX_ETAPAS} etapas.`, campo: 'etapas' };
  const out: EtapaModelo[] = [];
  const nomes = new Set<string>();
  for (const [i, raw] of list.entries()) {
    const n = `Etapa ${i + 1}`;
    const at = (field?: string) => `etapas.${i}${field ? `.${field}` : ''}`;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return bad(`${n}: envie { nome, responsavelTipo, duracaoDiasUteis, documentos? }.`, at());
    const e = raw as Record<string, unknown>;
    const unknownKeys = Object.keys(e).filter((k) => !['nome', 'responsavelTipo', 'duracaoDiasUteis', 'documentos'].includes(k));
    if (unknownKeys.length) return bad(`${n}: campo não permitido: ${unknownKeys.join(', ')}.`, at());
    const nome = typeof e.nome === 'string' ? e.nome.trim() : null;
    if (!nome || nome.length > MODELO_NOME_MAX) return bad(`${n}: o nome é obrigatório e deve ter de 1 a ${MODELO_NOME_MAX} caracteres.`, at('nome'));
    if (typeof e.responsavelTipo !== 'string' || !(RESPONSAVEL_TIPOS as readonly string[]).includes(e.responsavelTipo)) {
      return bad(`${n}: responsável inválido: use ${RESPONSAVEL_TIPOS.join(', ')}.`, at('responsavelTipo'));
    }
    const d = e.duracaoDiasUteis;
    if (typeof d !== 'number' || !Number.isInteger(d) || d < 0 || d > MODELO_DURACAO_MAX) {
      return bad(`${n}: a duração deve ser um número inteiro de 0 a ${MODELO_DURACAO_MAX} dias úteis.`, at('duracaoDiasUteis'));
    }
    let documentos: string[] | undefined;
    if (e.documentos !== undefined) {
      if (!Array.isArray(e.documentos)) return bad(`${n}: documentos deve ser uma lista de chaves do checklist.`, at('documentos'));
      documentos = [];
      for (const k of e.documentos) {
        if (typeof k !== 'string' || !k.trim() || k.trim().length > MODELO_CHAVE_MAX) {
          return bad(`${n}: cada documento deve ser a chave de um item do checklist (1 a ${MODELO_CHAVE_MAX} caracteres).`, at('documentos'));
        }
        if (!documentos.includes(k.trim())) documentos.push(k.trim());
      }
    }
    const key = nome.toLocaleLowerCase('pt-BR');
    if (nomes.has(key)) return { status: 422, message: `${n}: já existe uma etapa chamada "${nome}" neste modelo.`, campo: at('nome') };
    nomes.add(key);
    out.push({ nome, responsavelTipo: e.responsavelTipo as EtapaModelo['responsavelTipo'], duracaoDiasUteis: d, ...(documentos?.length ? { documentos } : {}) });
  }
  return { etapas: out };
}
