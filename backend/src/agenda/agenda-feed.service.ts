import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, Repository } from 'typeorm';
import { staffPrincipal } from '@veritas/common';
import { withTransaction } from '../platform/database';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { User } from '../users';
import { AgendaSources } from './agenda-source';
import { AgendaService } from './agenda.service';
import { AgendaFeed } from './entities/agenda.entities';
import { buildIcs, IcsEntry } from './ics';

export const FEED_NOT_FOUND = 'Endereço de agenda não encontrado. Gere um novo endereço no painel.';
const DAY_MS = 86_400_000;

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * Each staff member's secret calendar address. The token (32 random bytes) is shown once; the
 * database keeps its SHA-256, so a leaked backup opens no calendar. Renewing replaces it.
 */
@Injectable()
export class AgendaFeedService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @InjectRepository(AgendaFeed) private readonly feeds: Repository<AgendaFeed>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly agenda: AgendaService,
    private readonly sources: AgendaSources,
  ) {}

  async renew(userId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await withTransaction(this.ds, async (m) => {
      // Made under the owner's sessions' version: a later password or permission change ends it (issue 54).
      const owner = await m.findOne(User, { where: { id: userId }, select: { id: true, tokenVersion: true } });
      await m.delete(AgendaFeed, { userId });
      await m.save(m.create(AgendaFeed, { userId, tokenHash: hashOf(token), tokenVersion: owner?.tokenVersion ?? 0 }));
    });
    return `${this.config.firm.siteUrl.replace(/\/+$/, '')}/api/agenda/feed/${token}.ics`;
  }

  /** The person's calendar from 30 days ago to a year ahead, as RFC 5545 text. */
  async feed(token: string, now = new Date()): Promise<string> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new NotFoundException(FEED_NOT_FOUND);
    const row = await this.feeds.findOne({ where: { tokenHash: hashOf(token) } });
    const user = row && (await this.users.findOne({ where: { id: row.userId }, select: { id: true, nomeCompleto: true, permissions: true, tokenVersion: true } }));
    if (!user || user.tokenVersion !== row.tokenVersion) throw new NotFoundException(FEED_NOT_FOUND);

    const inicio = new Date(now.getTime() - 30 * DAY_MS);
    const fim = new Date(now.getTime() + 365 * DAY_MS);
    const scope = { kind: 'user', userId: user.id } as const;
    const viewer = { ...staffPrincipal(user.permissions), id: user.id };
    const [eventos, derived] = await Promise.all([this.agenda.findEventos(scope, inicio, fim), this.sources.itemsBetween({ viewer, scope, inicio, fim })]);
    const responses = await this.agenda.toResponses(eventos);
    const entries: IcsEntry[] = eventos.map((ev) => {
      const r = responses.get(ev.id)!;
      return {
        uid: `evento-${ev.id}@veritas`,
        titulo: ev.titulo,
        inicio: ev.inicio,
        fim: ev.fim,
        allDay: !!ev.diaInteiro,
        rrule: ev.rrule,
        local: ev.local,
        url: ev.link,
        sequence: ev.sequencia,
        descricao: describe(r.clienteNome, r.protocolo),
      };
    });
    for (const item of derived) {
      entries.push({ uid: item.uid, titulo: item.titulo, inicio: item.inicio, fim: item.fim, allDay: item.allDay, descricao: describe(item.clienteNome, item.protocolo) });
    }
    return buildIcs({ name: `${this.config.firm.brandName} — ${user.nomeCompleto}`, entries });
  }
}

/** The only client data a feed carries: the client's name and the protocol. */
function describe(clienteNome?: string | null, protocolo?: string | null): string | null {
  const lines = [clienteNome ? `Cliente: ${clienteNome}` : null, protocolo ? `Protocolo: ${protocolo}` : null].filter(Boolean);
  return lines.length ? lines.join('\n') : null;
}
