import type { EntityManager } from 'typeorm';
import { ChecklistModelo } from './entities/checklist-modelo.entity';
import { RegistroChecklist } from './entities/registro-checklist.entity';

/**
 * A new registro gets its service's checklist (the template as it is now), in the registro's own
 * transaction. A client type's own service (no catalogue code) has none.
 */
export async function copyChecklist(m: EntityManager, registroId: string, servico: string | null): Promise<void> {
  if (!servico) return;
  const modelo = await m.find(ChecklistModelo, { where: { servico }, order: { ordem: 'ASC' } });
  if (!modelo.length) return;
  await m.save(
    modelo.map((it) =>
      m.create(RegistroChecklist, {
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
      }),
    ),
  );
}
