import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, IsNull, LessThan, Repository } from 'typeorm';
import { isPortalPath, type NovidadeResponse, PORTAL_PATHS } from '@veritas/common';
import { newId, toIso } from '../platform/database';
import type { ListRequest } from '../platform/read-side';
import { ClienteNovidade } from './entities/cliente-novidade.entity';

export const NOVIDADE_NOT_FOUND = 'Novidade não encontrada.';

/** Notices that never enter Novidades: a password-reset link is a secret for the inbox alone. */
const FORA_DAS_NOVIDADES: readonly string[] = ['senha.redefinicao'];

/** A notice as the mail outbox sees it (OutgoingMail.cliente and its subject). */
export interface NovidadeNova {
  clienteId: string;
  evento: string;
  titulo: string;
  /** A portal path (PORTAL_PATHS); anything else, or none, leads to the portal's start. */
  link?: string;
}

export function toNovidadeResponse(n: ClienteNovidade): NovidadeResponse {
  return { _id: n.id, evento: n.evento, titulo: n.titulo, link: n.link, lidaEm: toIso(n.lidaEm), createdAt: toIso(n.createdAt)! };
}

/**
 * The portal's "Novidades" (issue 53, ADR 0052): every notice the firm sent a client, kept per
 * client with its link, unread until the client opens it. Mail records one for each notice it is
 * asked to queue, before the client's e-mail preferences are applied.
 */
@Injectable()
export class NovidadesService {
  constructor(@InjectRepository(ClienteNovidade) private readonly rows: Repository<ClienteNovidade>) {}

  /** Records a notice (in the caller's transaction when `m` is given); a password reset is never recorded. */
  async record(n: NovidadeNova, m?: EntityManager): Promise<void> {
    if (FORA_DAS_NOVIDADES.includes(n.evento)) return;
    const repo = m ? m.getRepository(ClienteNovidade) : this.rows;
    const link = isPortalPath(n.link) ? n.link : PORTAL_PATHS.dashboard;
    const now = new Date();
    await repo.insert({ id: newId(), clienteId: n.clienteId, evento: n.evento.slice(0, 60), titulo: n.titulo.slice(0, 255), link, lidaEm: null, createdAt: now, updatedAt: now });
  }

  /** A page of the client's notices, newest first, with how many are unread. */
  async list(clienteId: string, req: ListRequest): Promise<{ rows: NovidadeResponse[]; total: number; naoLidas: number }> {
    const qb = this.rows.createQueryBuilder('n').where('n.clienteId = :clienteId', { clienteId });
    const [rows, total] = await qb.clone().orderBy(req.sortColumn, req.sortOrder).addOrderBy('n.id', req.sortOrder).offset(req.skip).limit(req.take).getManyAndCount();
    return { rows: rows.map(toNovidadeResponse), total, naoLidas: await this.naoLidas(clienteId) };
  }

  naoLidas(clienteId: string): Promise<number> {
    return this.rows.count({ where: { clienteId, lidaEm: IsNull() } });
  }

  /** Marks one of the client's notices read (again: nothing changes); another client's id is a 404. */
  async markRead(clienteId: string, id: string): Promise<NovidadeResponse> {
    const n = await this.rows.findOne({ where: { id, clienteId } });
    if (!n) throw new NotFoundException(NOVIDADE_NOT_FOUND);
    if (n.lidaEm) return toNovidadeResponse(n);
    await this.rows.update({ id, clienteId }, { lidaEm: new Date() });
    // As stored (MySQL keeps whole seconds): the same answer when asked again.
    return toNovidadeResponse((await this.rows.findOne({ where: { id, clienteId } }))!);
  }

  /** Marks every unread notice of the client read; answers how many were. */
  async markAllRead(clienteId: string): Promise<number> {
    const r = await this.rows.update({ clienteId, lidaEm: IsNull() }, { lidaEm: new Date() });
    return r.affected ?? 0;
  }

  /** Retention (NOTICE_RETENTION_DAYS): notices made before `cutoff` go; answers how many. */
  async removeOlderThan(cutoff: Date): Promise<number> {
    return (await this.rows.delete({ createdAt: LessThan(cutoff) })).affected ?? 0;
  }

  /** A client's erasure (LGPD), inside its transaction: none of its notices stays. */
  async removeAll(m: EntityManager, clienteId: string): Promise<void> {
    await m.delete(ClienteNovidade, { clienteId });
  }

  /** The client's copy of its data (LGPD): every notice, oldest first. */
  async exportFor(clienteId: string): Promise<{ titulo: string; evento: string; link: string; data: string | null; lidaEm: string | null }[]> {
    const rows = await this.rows.find({ where: { clienteId }, order: { createdAt: 'ASC' } });
    return rows.map((n) => ({ titulo: n.titulo, evento: n.evento, link: n.link, data: toIso(n.createdAt), lidaEm: toIso(n.lidaEm) }));
  }
}
