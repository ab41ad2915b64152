/*
 * Configurações → Processos (issue 11): a service's stage template and document checklist as
 * react-admin form values, checked by the shared rules (the server runs the same ones) with each
 * refusal on the input it names.
 */
import {
  CHECKLIST_CHAVE,
  checklistModeloErros,
  type ChecklistModeloItem,
  type ChecklistModeloResponse,
  type EtapaModelo,
  type ProcessoModeloResponse,
  type ResponsavelTipo,
  validarEtapasModelo,
} from '@veritas/common';
import { nestErrors } from '../layout/nestErrors';

/** A stage as the form holds it: the duration is null while its input is empty. */
export interface EtapaValores {
  nome: string | null;
  responsavelTipo: ResponsavelTipo;
  duracaoDiasUteis: number | null;
  documentos?: string[] | null;
}

export interface ModeloValores {
  id: string;
  etapas: EtapaValores[];
}

export interface ChecklistValores {
  id: string;
  itens: ChecklistModeloItem[];
}

export const etapaVazia = (): EtapaValores => ({ nome: '', responsavelTipo: 'escritorio', duracaoDiasUteis: 1, documentos: [] });
export const itemVazio = (): ChecklistModeloItem => ({ chave: '', nome: '', descricao: null, obrigatorio: true });

/** The form's record: one per service (its code is the id, so another service resets the form). */
export const modeloValores = (m: ProcessoModeloResponse): ModeloValores => ({
  id: m.servico,
  etapas: m.etapas.map((e) => ({ ...e, documentos: [...(e.documentos ?? [])] })),
});

export const checklistValores = (c: ChecklistModeloResponse): ChecklistValores => ({ id: c.servico, itens: c.itens.map((i) => ({ ...i })) });

/** The etapas to send (names trimmed), or the shared rule's refusal by the path of the input it names. */
export function checarModelo(v: Partial<Pick<ModeloValores, 'etapas'>>): { etapas: EtapaModelo[] } | { erros: Record<string, string> } {
  const etapas = (v.etapas ?? []).map((e) => ({
    nome: e.nome ?? '',
    responsavelTipo: e.responsavelTipo,
    duracaoDiasUteis: e.duracaoDiasUteis,
    ...(e.documentos?.length ? { documentos: e.documentos } : {}),
  }));
  const r = validarEtapasModelo({ etapas });
  return 'etapas' in r ? r : { erros: { [r.campo ?? 'etapas']: r.message } };
}

/** react-admin's form-level `validate` of the stage template. */
export function validarModelo(v: Partial<Pick<ModeloValores, 'etapas'>>) {
  const r = checarModelo(v);
  return 'erros' in r ? nestErrors(r.erros) : {};
}

/** react-admin's form-level `validate` of the checklist: every refusal, each beside its item. */
export const validarChecklist = (v: Partial<Pick<ChecklistValores, 'itens'>>) => nestErrors(checklistModeloErros(v.itens ?? []));

/** The checklist to send: texts trimmed, a blank description as none. */
export const corpoDoChecklist = (v: Partial<Pick<ChecklistValores, 'itens'>>): ChecklistModeloItem[] =>
  (v.itens ?? []).map(({ chave, nome, descricao, obrigatorio }) => ({
    chave: (chave ?? '').trim(),
    nome: (nome ?? '').trim(),
    descricao: descricao?.trim() || null,
    obrigatorio: !!obrigatorio,
  }));

/**
 * What a stage may wait for: the service's checklist keys (with their names), the catalogue's usual
 * keys and any key the template already has, each once.
 */
export function documentoChoices(itens: readonly ChecklistModeloItem[], etapas: readonly EtapaModelo[]): { id: string; name: string }[] {
  const nomes = new Map(itens.map((i) => [i.chave, i.nome]));
  const chaves = new Set([...itens.map((i) => i.chave), ...Object.values(CHECKLIST_CHAVE), ...etapas.flatMap((e) => e.documentos ?? [])]);
  return [...chaves].map((id) => ({ id, name: nomes.has(id) ? `${nomes.get(id)} (${id})` : id }));
}
