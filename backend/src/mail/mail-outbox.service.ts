import { HttpException, Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { EntityManager, LessThanOrEqual, MoreThanOrEqual, Repository } from 'typeorm';
import { AvisosService } from '../avisos';
import { JobScheduler } from '../platform/jobs';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { MailOutbox } from './entities/mail-outbox.entity';
import { MailDelivery, PreparedMail } from './mail-delivery.service';
import { MailFiles } from '../platform/storage';
import { NO_RELAY_MESSAGE } from './mail-relay';
import type { OutgoingMail } from './mail.types';
import { currentContext, runInContext } from '../platform/request';
import { newId } from '../platform/database';

/**
 * Waits after the 1st, 2nd, ... failed attempt with the default OUTBOX_RETRY_BASE_MS (30 s); other
 * bases scale the whole list. After the last one the message is given up.
 */
export const OUTBOX_BACKOFF_MS = [30_000, 60_000, 5 * 60_000, 15 * 60_000, 30 * 60_000, 3_600_000, 2 * 3_600_000, 4 * 3_600_000, 8 * 3_600_000, 12 * 3_600_000];
const POLL_MS = 15_000;
/** A claimed message is not picked again by another process for this long. */
const LEASE_MS = 5 * 60_000;
/**
 * When a message for outside addresses waits for a relay that is not configured: "not before one is
 * set", which onApplicationBootstrap (SMTP_URL) and a save of E-mail de saída turn into now.
 */
export const PARKED_UNTIL = new Date('9999-01-01T00:00:00.000Z');

interface StoredPayload extends Omit<OutgoingMail, 'attachments'> {
  messageId: string;
  attachments: { filename: string; contentType: string; base64: string }[];
}

/**
 * System notifications (a status change to a client, a password-recovery link, a contact-form
 * message): stored first, then delivered in the background and retried with backoff, so the
 * caller never waits for, nor fails because of, a mail server.
 */
@Injectable()
export class MailOutboxService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('MailOutbox');
  private running: Promise<void> | null = null;
  /** Messages parked for want of a relay in the current pass (one log line per pass, not one each). */
  private parked = 0;
  private closed = false;
  private readonly backoffMs: number[];
  private readonly pollMs: number;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(MailOutbox) private readonly outbox: Repository<MailOutbox>,
    private readonly delivery: MailDelivery,
    private readonly files: MailFiles,
    private readonly jobs: JobScheduler,
    private readonly avisos: AvisosService,
  ) {
    const scale = config.mail.outboxRetryBaseMs / OUTBOX_BACKOFF_MS[0];
    this.backoffMs = OUTBOX_BACKOFF_MS.map((ms) => Math.round(ms * scale));
    // A retry is never much later than it is due: the queue is looked at at least as often as the first wait.
    this.pollMs = Math.min(POLL_MS, config.mail.outboxRetryBaseMs);
  }

  async onApplicationBootstrap(): Promise<void> {
    // A replica started with BACKGROUND_JOBS=false only queues: the job replica sends.
    if (!this.config.scale.backgroundJobs) return;
    await this.resumeParked();
    // The poll is a scheduled job (once per period across replicas with BullMQ); a replica that
    // queues a message also looks at the queue at once (wake), the claim keeps each send single.
    this.jobs.schedule({ name: 'MailOutbox', everyMs: this.pollMs, runOnce: () => this.pass() }, { now: true });
  }

  /**
   * With a relay now configured, the messages parked without one are due again: at start-up (SMTP_URL),
   * and when the board saves Configurações → E-mail de saída.
   */
  async resumeParked(): Promise<number> {
    if (!(await this.delivery.relayConfigured(true))) return 0;
    // Their "no relay" error is history now: until the next attempt, nothing has failed.
    const result = await this.outbox.update({ status: 'pending', nextAttemptAt: MoreThanOrEqual(PARKED_UNTIL) }, { nextAttemptAt: new Date(), lastError: null, updatedAt: new Date() });
    if (result.affected) this.logger.log(`${result.affected} e-mail(s) que aguardavam o envio para fora ser configurado voltaram à fila.`);
    return result.affected ?? 0;
  }

  /** One look at the queue: a pass over the due messages (or the one in progress) to its end. */
  private async pass(): Promise<void> {
    this.kick();
    await this.running;
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    await this.running;
  }

  /** Never throws: a message that cannot even be queued is logged. */
  async enqueue(msg: OutgoingMail): Promise<void> {
    try {
      await this.outbox.insert(await this.outboxRow(msg));
      this.kick();
    } catch (err) {
      this.logger.error(`E-mail "${msg.subject}" para ${msg.to.join(', ')} não pôde ser posto na fila: ${(err as Error).message}`);
    }
  }

  /**
   * Queues a message inside the caller's transaction, so the row commits or rolls back with the
   * caller's own writes (a reminder marked sent has its e-mail queued, and the reverse). Throws if
   * it cannot; call `wake()` after the commit.
   */
  async enqueueIn(m: EntityManager, msg: OutgoingMail): Promise<void> {
    await m.insert(MailOutbox, await this.outboxRow(msg));
  }

  /** This replica's copy of the settings when it says yes; read again before parking on a no. */
  private async relayReady(): Promise<boolean> {
    return (await this.delivery.relayConfigured()) || this.delivery.relayConfigured(true);
  }

  /** Looks at the queue now (after a commit that queued messages). */
  wake(): void {
    this.kick();
  }

  private async outboxRow(msg: OutgoingMail): Promise<MailOutbox> {
    const { cliente, evento, ...mail } = msg;
    const payload: StoredPayload = {
      ...mail,
      messageId: `<${randomUUID()}@${this.config.mailDomain}>`,
      attachments: (msg.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, base64: a.content.toString('base64') })),
    };
    const file = await this.files.write(JSON.stringify(payload), 'outbox-');
    const para = [...msg.to, ...(msg.cc ?? []), ...(msg.bcc ?? [])].join(', ');
    const now = new Date();
    return this.outbox.create({
      id: newId(),
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      lastError: null,
      payloadFile: file.name,
      summary: `"${msg.subject}" para ${para}`.slice(0, 500),
      para: para.slice(0, 500),
      relayDone: false,
      localDone: false,
      requestId: currentContext()?.requestId ?? null,
      clienteId: cliente?.id ?? null,
      evento: (cliente?.evento ?? evento ?? null)?.slice(0, 40) ?? null,
      assunto: msg.subject.slice(0, 300),
      createdAt: now,
      updatedAt: now,
    });
  }

  /**
   * Waits for the work in progress, then tries every pending message once more, due or not
   * (tests, and an operator who fixed the relay).
   */
  async flush(): Promise<void> {
    await this.running;
    const pending = await this.outbox.find({ where: { status: 'pending' }, order: { createdAt: 'ASC' } });
    for (const row of pending) await this.attempt(row);
  }

  /** Starts a pass over the due messages unless one is running. */
  private kick(): void {
    if (!this.config.scale.backgroundJobs) return;
    if (this.running || this.closed) return;
    this.running = this.drain()
      .catch((err) => this.logger.error(`Falha ao processar a fila de e-mails: ${(err as Error).message}`))
      .finally(() => (this.running = null));
  }

  private async drain(): Promise<void> {
    try {
      await this.drainDue();
    } finally {
      if (this.parked) {
        this.logger.warn(`${this.parked} e-mail(s) para endereços externos aguardam na fila: o envio para fora não está configurado (SMTP_URL ou Configurações → E-mail de saída); saem assim que for.`);
        this.parked = 0;
      }
    }
  }

  private async drainDue(): Promise<void> {
    for (;;) {
      if (this.closed) return;
      const due = await this.outbox.find({
        where: { status: 'pending', nextAttemptAt: LessThanOrEqual(new Date()) },
        order: { nextAttemptAt: 'ASC' },
        take: 20,
      });
      if (!due.length) return;
      for (const row of due) await this.attempt(row);
    }
  }

  /** Each message is sent in the context of the request that queued it: its log lines carry that id. */
  private attempt(row: MailOutbox): Promise<void> {
    return runInContext({ requestId: row.requestId ?? undefined }, () => this.attemptNow(row));
  }

  private async attemptNow(row: MailOutbox): Promise<void> {
    // Claim it: another process (or pass) that got there first changed `attempts`.
    const claimed = await this.outbox.update(
      { id: row.id, status: 'pending', attempts: row.attempts },
      { attempts: row.attempts + 1, nextAttemptAt: new Date(Date.now() + LEASE_MS), updatedAt: new Date() },
    );
    if (claimed.affected !== 1) return;
    const attempts = row.attempts + 1;
        try {
      const payload = JSON.parse((await this.files.read(row.payloadFile)).toString('utf8')) as StoredPayload;
      const prepared: PreparedMail = await this.delivery.prepare(
        this.delivery.fromOutgoing({
          ...payload,
          attachments: payload.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.base64, 'base64') })),
        }, payload.messageId),
      );
      if (!row.relayDone && prepared.external.length && !(await this.relayReady())) {
        // No relay (read now, not this replica's copy): the message waits, without spending its attempts
        // (each retry would read, prepare and fail it again, thousands at a time), until one is set.
        await this.outbox.update({ id: row.id }, { attempts: row.attempts, nextAttemptAt: PARKED_UNTIL, lastError: NO_RELAY_MESSAGE, updatedAt: new Date() });
        this.parked++;
        return;
      }
      // Cancelled (Fila de saída, an erasure) while this attempt was starting: it stops here.
      if ((await this.outbox.findOne({ where: { id: row.id }, select: { id: true, status: true } }))?.status !== 'pending') return;
      if (!row.relayDone) {
        await this.delivery.sendExternal(prepared);
        await this.outbox.update({ id: row.id }, { relayDone: true });
      }
      if (!row.localDone) {
        await this.delivery.deliverLocal(prepared);
        await this.outbox.update({ id: row.id }, { localDone: true });
      }
      await this.outbox.update({ id: row.id, status: 'pending' }, { status: 'sent', lastError: null, updatedAt: new Date() });
      await this.files.remove([row.payloadFile]);
      this.logger.log(`E-mail ${row.summary} enviado (tentativa ${attempts}).`);
    } catch (err) {
      const reason = (err as Error).message.slice(0, 500);
      // A bad address or a full mailbox will not get better by waiting.
      const permanent = err instanceof HttpException && err.getStatus() < 500;
      const wait = permanent ? undefined : this.backoffMs[attempts - 1];
      if (wait === undefined) {
        // The payload stays: the board may send it again (Fila de saída → Reenviar) or cancel it.
        const failed = await this.outbox.update({ id: row.id, status: 'pending' }, { status: 'failed', lastError: reason, updatedAt: new Date() });
        this.logger.error(`E-mail ${row.summary} abandonado após ${attempts} tentativa(s): ${reason}`);
        // The board's bell (issue 53): once, by whoever moved it to falhou.
        if (failed.affected) await this.avisos.notifyGrupo('filaSaida', () => ({ tipo: 'fila.falhou', titulo: `E-mail não enviado: ${row.summary}`, link: '/painel/configuracoes/fila-saida' }));
      } else {
        await this.outbox.update({ id: row.id, status: 'pending' }, { nextAttemptAt: new Date(Date.now() + wait), lastError: reason, updatedAt: new Date() });
        this.logger.warn(`E-mail ${row.summary} não enviado (tentativa ${attempts}; nova tentativa em ${Math.round(wait / 1000)} s): ${reason}`);
      }
    }
  }
}
