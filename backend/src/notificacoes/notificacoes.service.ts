import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import {
  categoriaDoEvento,
  NOTIFICACAO_CATEGORIA_LABELS,
  NOTIFICACAO_CATEGORIAS,
  NOTIFICACOES_PADRAO,
  type NotificacaoCategoria,
  type NotificacoesPreferencias,
  PORTAL_PATHS,
  portalLink,
} from '@veritas/common';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { isUniqueViolation } from '../platform/database';
import { ClienteNotificacoes } from './entities/cliente-notificacoes.entity';
import { type Descadastro, signUnsubscribe, verifyUnsubscribe } from './unsubscribe-token';

export const LINK_DESCADASTRO_INVALIDO = 'Link de descadastro inválido. Abra o link do e-mail como ele veio ou ajuste os avisos em Meus dados → Notificações, na área do cliente.';

/** The route the unsubscribe links point to (under the API's /api prefix). */
export const DESCADASTRO_PATH = '/api/notificacoes/descadastrar';

/** How an optional notice offers to stop: the one-click address and the portal's screen. */
export interface Unsubscribe {
  categoria: NotificacaoCategoria;
  label: string;
  url: string;
  preferencias: string;
}

/** Whether a notice goes, and for an optional one how it offers to stop. */
export type NoticeDecision = { send: false } | { send: true; unsubscribe: Unsubscribe | null };

/**
 * The client's choice of optional e-mails (issue 53, ADR 0046): read and changed by the client, turned
 * off one category at a time by a signed link, and asked by the mail outbox before a notice is queued.
 */
@Injectable()
export class NoticePreferences {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(ClienteNotificacoes) private readonly rows: Repository<ClienteNotificacoes>,
  ) {}

  async get(clienteId: string, m?: EntityManager): Promise<NotificacoesPreferencias> {
    const repo = m ? m.getRepository(ClienteNotificacoes) : this.rows;
    const row = await repo.findOne({ where: { clienteId } });
    if (!row) return { ...NOTIFICACOES_PADRAO };
    return Object.fromEntries(NOTIFICACAO_CATEGORIAS.map((c) => [c, !!row[c]])) as NotificacoesPreferencias;
  }

  /** Sets the categories given (the others keep their value); answers the whole choice. */
  async set(clienteId: string, changes: Partial<NotificacoesPreferencias>): Promise<NotificacoesPreferencias> {
    const values = Object.fromEntries(NOTIFICACAO_CATEGORIAS.filter((c) => typeof changes[c] === 'boolean').map((c) => [c, changes[c]]));
    for (let attempt = 0; ; attempt++) {
      const row = await this.rows.findOne({ where: { clienteId }, select: { id: true } });
      if (row) {
        if (Object.keys(values).length) await this.rows.update({ id: row.id }, { ...values, updatedAt: new Date() });
        return this.get(clienteId);
      }
      try {
        await this.rows.save(this.rows.create({ clienteId, ...NOTIFICACOES_PADRAO, ...values }));
        return this.get(clienteId);
      } catch (err) {
        // Another request made the row meanwhile: update it instead.
        if (!isUniqueViolation(err) || attempt > 0) throw err;
      }
    }
  }

  /** The one-click unsubscribe: the link's category off for its client. A forged or changed link: 400, nothing changed. */
  async unsubscribe(token: unknown): Promise<Descadastro & { label: string }> {
    const d = verifyUnsubscribe(this.config.unsubscribeSecret, token);
    if (!d) throw new BadRequestException(LINK_DESCADASTRO_INVALIDO);
    // A client removed since the e-mail was sent has nothing left to turn off (and no row to point to).
    const exists = await this.rows.manager.createQueryBuilder().select('c.id', 'id').from('clientes', 'c').where('c.id = :id', { id: d.clienteId }).getRawOne();
    if (exists) await this.set(d.clienteId, { [d.categoria]: false });
    return { ...d, label: NOTIFICACAO_CATEGORIA_LABELS[d.categoria] };
  }

  /** What the link of an unsubscribe page says, without changing anything (null when it is not ours). */
  describe(token: unknown): (Descadastro & { label: string }) | null {
    const d = verifyUnsubscribe(this.config.unsubscribeSecret, token);
    return d && { ...d, label: NOTIFICACAO_CATEGORIA_LABELS[d.categoria] };
  }

  /**
   * Whether a notice to a client goes: one of a category the client turned off does not; one of a
   * category goes with its unsubscribe link; a security or legal notice always goes, without one.
   * `m`: the caller's transaction, when the notice is queued inside one.
   */
  async decide(clienteId: string, evento: string, m?: EntityManager): Promise<NoticeDecision> {
    const categoria = categoriaDoEvento(evento);
    if (!categoria) return { send: true, unsubscribe: null };
    if (!(await this.get(clienteId, m))[categoria]) return { send: false };
    const site = this.config.firm.siteUrl.replace(/\/+$/, '');
    const token = signUnsubscribe(this.config.unsubscribeSecret, { clienteId, categoria });
    return {
      send: true,
      unsubscribe: {
        categoria,
        label: NOTIFICACAO_CATEGORIA_LABELS[categoria],
        url: `${site}${DESCADASTRO_PATH}?token=${encodeURIComponent(token)}`,
        preferencias: portalLink(site, PORTAL_PATHS.meusDados),
      },
    };
  }
}
