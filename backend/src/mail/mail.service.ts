import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { MailDelivery } from './mail-delivery.service';
import { MailOutboxService } from './mail-outbox.service';
import { FilaSaidaService } from './fila-saida.service';
import type { OutgoingMail, SendResult } from './mail.types';
import { NoticePreferences, NovidadesService } from '../notificacoes';
import { withUnsubscribe } from './unsubscribe-footer';

/**
 * How the rest of the server sends mail. `send` delivers now: existing staff addresses
 * @MAIL_DOMAIN into their inboxes, everyone else through the SMTP_URL relay; it throws a pt-BR
 * HttpException (503 without a relay, 502 when the relay fails, 400 for a bad address) and then
 * nothing was delivered. `enqueue` is for notifications: it stores the message and returns; a
 * background worker delivers it and retries with backoff, logging failures. A notice to a client
 * (`cliente.evento`) of a category the client turned off is not queued at all; one it receives
 * carries its unsubscribe link (ADR 0046); security and legal notices always go, without one.
 * Every notice to a client is first written to its portal's Novidades (ADR 0052), whatever the
 * client chose for its e-mail; a password reset never is.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);

  constructor(
    private readonly delivery: MailDelivery,
    private readonly outbox: MailOutboxService,
    private readonly fila: FilaSaidaService,
    private readonly prefs: NoticePreferences,
    private readonly novidades: NovidadesService,
  ) {}

  async send(msg: OutgoingMail): Promise<SendResult> {
    const prepared = await this.delivery.prepare(this.delivery.fromOutgoing(msg));
    // Outside first: if the relay refuses, no colleague has received a copy either.
    await this.delivery.sendExternal(prepared);
    await this.delivery.deliverLocal(prepared);
    return { messageId: prepared.messageId, delivered: prepared.local.map((l) => l.address), relayed: prepared.external };
  }

  /** Never throws (as MailOutboxService.enqueue): a message whose preferences cannot be read is logged, like one that cannot be queued. */
  async enqueue(msg: OutgoingMail): Promise<void> {
    let ready: OutgoingMail | null;
    try {
      await this.recordNovidade(msg);
    } catch (err) {
      this.logger.error(`Novidade de "${msg.subject}" não pôde ser registrada: ${(err as Error).message}`);
    }
    try {
      ready = await this.asChosen(msg);
    } catch (err) {
      this.logger.error(`E-mail "${msg.subject}" não pôde ser posto na fila (preferências do cliente): ${(err as Error).message}`);
      return;
    }
    if (ready) await this.outbox.enqueue(ready);
  }

  /** Queues inside the caller's transaction (see MailOutboxService.enqueueIn); `wakeOutbox()` after the commit. */
  async enqueueIn(m: EntityManager, msg: OutgoingMail): Promise<void> {
    await this.recordNovidade(msg, m);
    const ready = await this.asChosen(msg, m);
    if (ready) await this.outbox.enqueueIn(m, ready);
  }

  /** The notice in the client's Novidades, titled by the e-mail's subject and leading to its portal screen. */
  private async recordNovidade(msg: OutgoingMail, m?: EntityManager): Promise<void> {
    if (!msg.cliente) return;
    const { id, evento, link } = msg.cliente;
    await this.novidades.record({ clienteId: id, evento, titulo: msg.subject, link }, m);
  }

  /** The message as the client chose to get it: null when its category is off, else with its unsubscribe link when it has one. */
  private async asChosen(msg: OutgoingMail, m?: EntityManager): Promise<OutgoingMail | null> {
    if (!msg.cliente) return msg;
    const decision = await this.prefs.decide(msg.cliente.id, msg.cliente.evento, m);
    if (!decision.send) return null;
    return decision.unsubscribe ? withUnsubscribe(msg, decision.unsubscribe) : msg;
  }

  wakeOutbox(): void {
    this.outbox.wake();
  }

  /**
   * A client's erasure (LGPD), inside its transaction: every message queued to it is cancelled and
   * no row keeps its address. Call `removePayloads` with the answer once the transaction commits.
   */
  cancelForErasure(m: EntityManager, clienteId: string): Promise<string[]> {
    return this.fila.cancelForErasure(m, clienteId);
  }

  removePayloads(names: string[]): Promise<void> {
    return this.fila.removePayloads(names);
  }

  /** A client's login e-mail changed (after the commit): what is queued goes to the new address; a reset link is cancelled. */
  retargetCliente(clienteId: string, antigo: string, novo: string): Promise<{ redirecionadas: number; canceladas: number }> {
    return this.fila.retarget(clienteId, antigo, novo);
  }

  /** Tests: waits for the queue's work in progress and tries every pending message once. */
  flush(): Promise<void> {
    return this.outbox.flush();
  }
}
