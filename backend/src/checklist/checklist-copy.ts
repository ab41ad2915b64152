import type { EntityManager } from 'typeorm';
import { insertAudited } from '../auditoria';
import { ChecklistModelo } from './entities/checklist-modelo.entity';
import { RegistroChecklist } from './entities/registro-checklist.entity';

/**
 * A new registro gets its service's checklist (the template as it is now), in the registro's own
 * transaction. A client type's own service (no catalogue code) has none.
 */
export async function copyChecklist(m: EntityManager, registroId: string, servico: string | null): Promise<void> {
  const modelo = await modeloDe(m, servico);
  if (modelo.length) await m.save(checklistRows(m, modelo, registroId));
}

/** The same for many registros at once (the bulk path): one template read per service. */
export async function copyChecklists(m: EntityManager, registros: readonly { id: string; servico: string | null }[]): Promise<void> {
  const modelos = new Map<string | null, ChecklistModelo[]>();
  const rows: RegistroChecklist[] = [];
  for (const r of registros) {
    if (!modelos.has(r.servico)) modelos.set(r.servico, await modeloDe(m, r.servico));
    rows.push(...checklistRows(m, modelos.get(r.servico) as ChecklistModelo[], r.id));
  }
  await insertAudited(m, RegistroChecklist, rows);
}

async function modeloDe(m: EntityManager, servico: string | null): Promise<ChecklistModelo[]> {
  if (!servico) return [];
  return m.find(ChecklistModelo, { where: { servico }, order: { ordem: 'ASC' } });
}

function checklistRows(m: EntityManager, modelo: readonly ChecklistModelo[], registroId: string): RegistroChecklist[] {
  return modelo.map((it) => novoItem(m, registroId, it));
}

/** A registro's checklist item, pending, from a template item or one staff add. */
export function novoItem(m: EntityManager, registroId: string, it: Pick<RegistroChecklist, 'chave' | 'nome' | 'descricao' | 'obrigatorio' | 'ordem'>): RegistroChecklist {
  return m.create(RegistroChecklist, {
    registroId,
    chave: it.chave,
    nome: it.nome,
    descricao: it.descricao,
    obrigatorio: it.obrigatorio,
    ordem: it.ordem,
    status: 'pendente',
    motivo: null,
    documentoId: null,
    enviadoEm: null,
    avaliadoEm: null,
    avaliadoPorNome: null,
  });
}
