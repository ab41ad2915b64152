import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, IsNull, Repository, LessThan } from 'typeorm';
import { AVISO_GRUPOS, AVISO_TIPO_LABELS, type AvisoItem, type AvisoTipo, type Principal, recebeAviso, staffPrincipal } from '@veritas/common';
import { insertRows, newId, outsideTransactions, toIso } from '../platform/database';
import type { ListRequest } from '../platform/read-side';
import { User } from '../users';
import { UsuarioAviso } from './entities/usuario-aviso.entity';

export const AVISO_NAO_ENCONTRADO = 'Aviso não encontrado.';

/** A notice to write, built for each reader (the link of a registro depends on who opens it). */
export interface NovoAviso {
  tipo: AvisoTipo;
  titulo: string;
  link: string;
  /** Given once per key and person: a second notice with the same key is not written. */
  chave?: string;
}
export type AvisoPara = (reader: Principal & { id: string }) => NovoAviso;

const MAX_TITULO = 200;
const MAX_LINK = 300;
const MAX_CHAVE = 120;

function toItem(a: UsuarioAviso): AvisoItem {
  return { id: a.id, tipo: a.tipo, tipoLabel: AVISO_TIPO_LABELS[a.tipo] ?? a.tipo, titulo: a.titulo, link: a.link, lidoEm: toIso(a.lidoEm), createdAt: toIso(a.createdAt) ?? '' };
}

/**
 * The panel's bell (issue 53, ADR 0053). Producers call `notify`/`notifyGrupo` after their own commit: a
 * notice is a courtesy, so a failure to write one is logged and never fails the action that caused it.
 * The reader's API (list, mark read) only ever touches the reader's own rows.
 */
@Injectable()
export class AvisosService {
  private readonly logger = new Logger(AvisosService.name);

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @InjectRepository(UsuarioAviso) private readonly avisos: Repository<UsuarioAviso>,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {}

  /** One notice to each of these staff members (unknown ids and repeats are skipped). Never throws. */
  async notify(userIds: ReadonlyArray<string | null | undefined>, aviso: AvisoPara): Promise<number> {
    try {
      const ids = [...new Set(userIds.filter((id): id is string => typeof id === 'string' && id.length > 0))];
      if (!ids.length) return 0;
      const readers = await this.users.find({ where: { id: In(ids) }, select: { id: true, permissions: true } });
      return await this.write(readers, aviso);
    } catch (err) {
      this.logger.warn(`Aviso não registrado: ${(err as Error).message}`);
      return 0;
    }
  }

  /** One notice to every staff member of a firm-wide group (AVISO_GRUPOS), but `exceto`. Never throws. */
  async notifyGrupo(grupo: keyof typeof AVISO_GRUPOS, aviso: AvisoPara, exceto?: string | null): Promise<number> {
    try {
      const all = await this.users.find({ select: { id: true, permissions: true } });
      return await this.write(all.filter((u) => u.id !== exceto && recebeAviso(staffPrincipal(u.permissions), grupo)), aviso);
    } catch (err) {
      this.logger.warn(`Aviso não registrado: ${(err as Error).message}`);
      return 0;
    }
  }

  private async write(readers: Pick<User, 'id' | 'permissions'>[], aviso: AvisoPara): Promise<number> {
    if (!readers.length) return 0;
    const now = new Date();
    let rows = readers.map((u) => {
      const a = aviso({ ...staffPrincipal(u.permissions), id: u.id });
      const chave = a.chave?.slice(0, MAX_CHAVE) ?? null;
      return { id: newId(), userId: u.id, tipo: a.tipo, titulo: a.titulo.slice(0, MAX_TITULO), link: a.link.slice(0, MAX_LINK), lidoEm: null, chave, createdAt: now, updatedAt: now } as UsuarioAviso;
    });
    const chaves = rows.filter((r) => r.chave).map((r) => r.chave as string);
    if (chaves.length) {
      const given = await this.avisos.find({ where: { userId: In(rows.map((r) => r.userId)), chave: In(chaves) }, select: { userId: true, chave: true } });
      const seen = new Set(given.map((g) => `${g.userId} ${g.chave}`));
      rows = rows.filter((r) => !r.chave || !seen.has(`${r.userId} ${r.chave}`));
    }
    if (!rows.length) return 0;
    await outsideTransactions(this.ds, (m) => insertRows(m, UsuarioAviso, rows));
    return rows.length;
  }

  /** The reader's notices, newest first, the total and how many are unread. */
  async list(userId: string, req: ListRequest): Promise<{ rows: AvisoItem[]; total: number; naoLidos: number }> {
    const qb = this.avisos.createQueryBuilder('a').where('a.userId = :userId', { userId });
    if (req.filter.lido === false || req.filter.lido === 'false') qb.andWhere('a.lidoEm IS NULL');
    const [rows, total] = await qb.orderBy(req.sortColumn, req.sortOrder).addOrderBy('a.id', 'DESC').skip(req.skip).take(req.take).getManyAndCount();
    return { rows: rows.map(toItem), total, naoLidos: await this.naoLidos(userId) };
  }

  naoLidos(userId: string): Promise<number> {
    return this.avisos.count({ where: { userId, lidoEm: IsNull() } });
  }

  /** Marks one of the reader's notices read (again: nothing changes). Another user's, or none: 404. */
  async marcarLido(userId: string, id: string): Promise<AvisoItem> {
    const a = await this.avisos.findOne({ where: { id, userId } });
    if (!a) throw new NotFoundException(AVISO_NAO_ENCONTRADO);
    if (a.lidoEm) return toItem(a);
    const now = new Date();
    await outsideTransactions(this.ds, (m) => m.update(UsuarioAviso, { id, userId, lidoEm: IsNull() }, { lidoEm: now, updatedAt: now }));
    // As stored (MariaDB keeps whole seconds), so the answer matches every later read.
    return toItem(await this.avisos.findOneByOrFail({ id, userId }));
  }

  /** Retention (NOTICE_RETENTION_DAYS): notices made before `cutoff` go; answers how many. */
  async removeOlderThan(cutoff: Date): Promise<number> {
    const r = await outsideTransactions(this.ds, (m) => m.delete(UsuarioAviso, { createdAt: LessThan(cutoff) }));
    return r.affected ?? 0;
  }

  /** "Marcar todas como lidas": every unread notice of the reader. Answers how many changed. */
  async marcarTodos(userId: string): Promise<number> {
    const now = new Date();
    const r = await outsideTransactions(this.ds, (m) => m.update(UsuarioAviso, { userId, lidoEm: IsNull() }, { lidoEm: now, updatedAt: now }));
    return r.affected ?? 0;
  }
}
