import type { EntityManager } from 'typeorm';
import { cobrancaTxid } from '@veritas/common';
import type { AuthPrincipal } from '../platform/request';
import { insertAudited } from '../auditoria';
import { Cliente } from '../clientes';
import { newId } from '../platform/database';
import { User } from '../users';
import { clienteOf } from '@veritas/common';
import { brl, fmtDate, LinhaIn, sum } from './cobranca-linhas';
import { Cobranca, CobrancaHistorico, CobrancaLinha } from './entities/cobranca.entity';

/** Who did it, as the history records it. */
export interface Autor {
  id: string | null;
  nome: string;
}

/** An open charge to be written, with its lines; `origem` goes into its first history line. */
export interface NovaCobranca {
  clienteId: string;
  registroId: string | null;
  vencimento: string;
  linhas: LinhaIn[];
  autor: Autor;
  origem: string;
  /** When it was issued, if not now (the bulk path's registros opened in the past). */
  emitidaEm?: Date;
}

/** The caller as a charge's history records it: a client's company name, a staff member's name. */
export async function autorDe(m: EntityManager, actor: AuthPrincipal): Promise<Autor> {
  const own = clienteOf(actor);
  if (own) {
    const c = await m.getRepository(Cliente).findOne({ where: { id: own }, select: { id: true, razaoSocial: true } });
    return { id: own, nome: c?.razaoSocial ?? 'Cliente' };
  }
  const u = await m.getRepository(User).findOne({ where: { id: actor.id }, select: { id: true, nomeCompleto: true } });
  return { id: actor.id, nome: u?.nomeCompleto ?? 'Equipe' };
}

/** New open charges with their lines and first history line, many per INSERT (audited); their ids in order. */
export async function insertCobrancas(m: EntityManager, novas: readonly NovaCobranca[]): Promise<string[]> {
  const cobrancas: Cobranca[] = [];
  const linhas: CobrancaLinha[] = [];
  const historico: CobrancaHistorico[] = [];
  for (const c of novas) {
    const id = newId();
    // insertRows stamps now where createdAt is left undefined.
    const createdAt = c.emitidaEm;
    cobrancas.push(
      m.create(Cobranca, {
        id,
        createdAt,
        clienteId: c.clienteId,
        registroId: c.registroId,
        status: 'aberta',
        vencimento: c.vencimento,
        totalCentavos: sum(c.linhas),
        honorariosCentavos: sum(c.linhas.filter((l) => l.tipo === 'honorario')),
        pagoCentavos: 0,
        txid: cobrancaTxid(id),
        motivoCancelamento: null,
        criadoPorId: c.autor.id,
        criadoPorNome: c.autor.nome,
        versao: 1,
      }),
    );
    for (const [i, l] of c.linhas.entries()) linhas.push(m.create(CobrancaLinha, { id: newId(), cobrancaId: id, ordem: i + 1, ...l, createdAt }));
    const descricao = `Cobrança ${c.origem} de ${brl(sum(c.linhas))}, vencimento ${fmtDate(c.vencimento)}.`;
    historico.push(m.create(CobrancaHistorico, { id: newId(), cobrancaId: id, ordem: 1, evento: 'criacao', descricao, autorNome: c.autor.nome, createdAt }));
  }
  await insertAudited(m, Cobranca, cobrancas);
  await insertAudited(m, CobrancaLinha, linhas);
  await insertAudited(m, CobrancaHistorico, historico);
  return cobrancas.map((c) => c.id);
}

/** A charge's lines, in order, written anew (their old ones deleted by the caller). */
export async function insertLinhas(m: EntityManager, cobrancaId: string, linhas: LinhaIn[]): Promise<void> {
  await insertAudited(m, CobrancaLinha, linhas.map((l, i) => m.create(CobrancaLinha, { id: newId(), cobrancaId, ordem: i + 1, ...l })));
}

/** The charge's next history line, inside the transaction that changed it. */
export async function addHistorico(m: EntityManager, cobrancaId: string, evento: string, descricao: string, autor: Autor): Promise<void> {
  const raw = await m.query('SELECT COALESCE(MAX(ordem), 0) AS n FROM cobranca_historico WHERE cobrancaId = ?', [cobrancaId]);
  const ordem = Number(raw[0]?.n ?? 0) + 1;
  await m.insert(CobrancaHistorico, m.create(CobrancaHistorico, { id: newId(), cobrancaId, ordem, evento, descricao, autorNome: autor.nome }));
}
