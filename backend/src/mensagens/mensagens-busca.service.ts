import { Injectable } from '@nestjs/common';
import { MENSAGEM_TRECHO, type MensagemEncontrada } from '@veritas/common';
import { PolicyService } from '../platform/access';
import { toIso } from '../platform/database';
import { LIKE_ESCAPE, likeContains, type ListRequest, ReadSide, searchText } from '../platform/read-side';
import type { AuthPrincipal } from '../platform/request';
import { RegistroMensagem } from './entities/registro-mensagem.entity';

interface Linha {
  id: string;
  registroId: string;
  lado: MensagemEncontrada['lado'];
  autorNome: string;
  texto: string;
  createdAt: Date | string;
  numero: string;
  clienteId: string;
  razaoSocial: string | null;
}

/**
 * The staff's search of the portal conversations (issue 56: "messages are searchable by staff with the
 * mailbox's search", ADR 0057): the messages of every registro the caller may see (the registro rule in the
 * SQL: an associado its own and the unassigned), whose text or author holds `q`, newest first, paged and
 * counted in SQL on the read pool. Threads are short (tens of messages), so a LIKE over the scoped rows serves.
 */
@Injectable()
export class MensagensBuscaService {
  constructor(
    private readonly reads: ReadSide,
    private readonly policy: PolicyService,
  ) {}

  async buscar(actor: AuthPrincipal, req: ListRequest): Promise<[MensagemEncontrada[], number]> {
    const qb = this.reads.manager
      .getRepository(RegistroMensagem)
      .createQueryBuilder('m')
      .innerJoin('registros', 'r', 'r.id = m.registroId')
      .leftJoin('clientes', 'c', 'c.id = r.clienteId');
    this.policy.scope(qb, actor, 'registro', 'r');
    const f = req.filter;
    if (typeof f.registroId === 'string') qb.andWhere('m.registroId = :registroId', { registroId: f.registroId });
    if (typeof f.clienteId === 'string') qb.andWhere('r.clienteId = :clienteId', { clienteId: f.clienteId });
    const q = searchText(f);
    if (q) {
      // In the text or the author's name (case as each database's LIKE: SQLite folds ASCII, MariaDB's collation more).
      qb.andWhere(`(m.texto LIKE :like ${LIKE_ESCAPE} OR m.autorNome LIKE :like ${LIKE_ESCAPE})`, { like: likeContains(q) });
    }
    const [rows, total] = await Promise.all([
      qb
        .clone()
        .select(['m.id AS id', 'm.registroId AS registroId', 'm.lado AS lado', 'm.autorNome AS autorNome', 'm.texto AS texto', 'm.createdAt AS createdAt'])
        .addSelect(['r.numero AS numero', 'r.clienteId AS clienteId', 'c.razaoSocial AS razaoSocial'])
        .orderBy('m.createdAt', req.sortOrder)
        .addOrderBy('m.id', req.sortOrder)
        .offset(req.skip)
        .limit(req.take)
        .getRawMany<Linha>(),
      qb.getCount(),
    ]);
    return [rows.map(toEncontrada), total];
  }
}

function toEncontrada(l: Linha): MensagemEncontrada {
  const texto = l.texto.replace(/\s+/g, ' ').trim();
  return {
    _id: l.id,
    registroId: l.registroId,
    registroNumero: l.numero,
    clienteId: l.clienteId,
    clienteNome: l.razaoSocial,
    lado: l.lado,
    autorNome: l.autorNome,
    trecho: texto.length > MENSAGEM_TRECHO ? `${texto.slice(0, MENSAGEM_TRECHO - 1)}…` : texto,
    criadoEm: toIso(l.createdAt) ?? '',
  };
}
