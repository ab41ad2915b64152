import type { ChecklistModeloItem } from './processos';
import { MODELO_CHAVE_MAX } from './processos-modelo';

/*
 * A service's checklist template (issue 11): what PUT /api/processos/checklists/:servico accepts,
 * worded as the server words its refusals, for the board's editor to say them beside each field.
 */

export const CHECKLIST_MODELO_MAX_ITENS = 50;
export const CHECKLIST_ITEM_NOME_MAX = 200;
export const CHECKLIST_ITEM_DESCRICAO_MAX = 1000;
/** A stable key: lower-case letters and digits in words joined by hyphens ('comprovante-endereco'). */
export const CHECKLIST_CHAVE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const CHECKLIST_CHAVE_INVALIDA = 'Chave inválida: use letras minúsculas, dígitos e hífens (ex.: "comprovante-endereco").';

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** Why a key is refused, or null. */
export function checklistChaveErro(chave: unknown): string | null {
  const c = text(chave);
  if (!c) return 'O campo Chave é obrigatório';
  if (c.length > MODELO_CHAVE_MAX) return `A chave deve ter no máximo ${MODELO_CHAVE_MAX} caracteres.`;
  return CHECKLIST_CHAVE_PATTERN.test(c) ? null : CHECKLIST_CHAVE_INVALIDA;
}

/**
 * Every refusal of a checklist template by the path of the value refused ('itens', 'itens.2.chave'):
 * each item's key, name and description, then a key used twice (on each item after the first).
 * Empty when the server would take the list.
 */
export function checklistModeloErros(itens: readonly Partial<ChecklistModeloItem>[]): Record<string, string> {
  const erros: Record<string, string> = {};
  if (itens.length > CHECKLIST_MODELO_MAX_ITENS) erros.itens = `No máximo ${CHECKLIST_MODELO_MAX_ITENS} itens.`;
  const vistas = new Set<string>();
  itens.forEach((item, i) => {
    const chave = checklistChaveErro(item.chave);
    if (chave) erros[`itens.${i}.chave`] = chave;
    else if (vistas.has(text(item.chave))) erros[`itens.${i}.chave`] = `A chave "${text(item.chave)}" aparece mais de uma vez: cada item tem a sua.`;
    vistas.add(text(item.chave));
    const nome = text(item.nome);
    if (!nome) erros[`itens.${i}.nome`] = 'O campo Nome é obrigatório';
    else if (nome.length > CHECKLIST_ITEM_NOME_MAX) erros[`itens.${i}.nome`] = `O nome deve ter no máximo ${CHECKLIST_ITEM_NOME_MAX} caracteres.`;
    if (text(item.descricao).length > CHECKLIST_ITEM_DESCRICAO_MAX) {
      erros[`itens.${i}.descricao`] = `A descrição deve ter no máximo ${CHECKLIST_ITEM_DESCRICAO_MAX} caracteres.`;
    }
  });
  return erros;
}
