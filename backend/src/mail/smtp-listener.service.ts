import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { AddressObject, ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, SMTPServerAddress, SMTPServerDataStream, SMTPServerSession } from 'smtp-server';
import { In, Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { User } from '../users/entities/user.entity';
import { MAX_RECIPIENTS } from './mail-delivery.service';
import { sanitizeEmailHtml } from './mail-html';
import type { Address } from './mail.types';
import { safeFilename } from './mail-files';
import { DurableCommits } from '../database/durable-commits';
import { MailboxService, NewMessage } from './mailbox.service';

/** SMTP replies are read by mail servers and logged by their operators: standard English wording. */
function smtpError(code: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode: code });
}

function forgedSender(address: string): Error & { responseCode: number } {
  return smtpError(550, `5.7.1 <${address.toLowerCase()}>: sender address rejected: local addresses do not send from outside`);
}

/**
 * The SMTP listener (smtp-server) that receives mail for staff addresses @MAIL_DOMAIN: unknown
 * recipients are refused with 550 at RCPT TO, before any data; a sender @MAIL_DOMAIN (envelope at
 * MAIL FROM, From:/Sender: header at the end of DATA) with 550, since it can only be forged; a
 * message over MAIL_MAX_BYTES with 552; a message is acknowledged (250) only once it is stored in every recipient's inbox.
 */
@Injectable()
export class SmtpListener implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('SMTP');
  private server: SMTPServer | null = null;
  private bound: AddressInfo | null = null;
  private readonly usage = new Map<string, { used: number; at: number }>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly mailbox: MailboxService,
    private readonly commits: DurableCommits,
  ) {}

  /** The address it listens on, once listening (null when off or the port was taken). */
  get address(): AddressInfo | null {
    return this.bound;
  }

  async onApplicationBootstrap(): Promise<void> {
    const { smtpPort, smtpHost, tls, maxBytes } = this.config.mail;
    if (smtpPort === 0) return;
    const server = new SMTPServer({
      name: this.config.mailDomain,
      banner: this.config.firm.brandName,
      size: maxBytes,
      authOptional: true,
      // Inbound only: nobody logs in to relay through us; STARTTLS only with a real certificate.
      disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
      ...(tls ? { key: tls.key, cert: tls.cert } : {}),
      logger: false,
      maxClients: 200,
      socketTimeout: 60_000,
      closeTimeout: 5_000,
      onMailFrom: (address, _session, callback) => {
        callback(this.isLocal(address.address) ? forgedSender(address.address) : undefined);
      },
      onRcptTo: (address, session, callback) => {
        this.checkRecipient(address, session).then(() => callback(), (err: Error) => callback(err));
      },
      onData: (stream, session, callback) => {
        this.receive(stream, session).then(
          (id) => callback(null, `OK: message stored as ${id}`),
          (err: Error) => callback(err),
        );
      },
    });
    server.on('error', (err) => this.logger.error(`Erro no servidor SMTP: ${err.message}`));
    this.server = server;
    try {
      await new Promise<void>((resolve, reject) => {
        server.server.once('error', reject);
        server.listen(smtpPort, smtpHost, () => {
          server.server.off('error', reject);
          resolve();
        });
      });
      this.bound = server.server.address() as AddressInfo;
      this.logger.log(`Recebendo e-mails para @${this.config.mailDomain} em ${smtpHost}:${this.bound.port}${tls ? ' (STARTTLS)' : ''}`);
    } catch (err) {
      // The site must not go down because the mail port is taken: say so loudly and go on.
      this.server = null;
      this.logger.error(`Não foi possível abrir a porta SMTP ${smtpHost}:${smtpPort} (${(err as Error).message}); o recebimento de e-mails está desligado.`);
    }
  }

  async onModuleDestroy(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /**
   * A local sender (anyone@MAIL_DOMAIN) never arrives over SMTP: colleagues' mail is delivered
   * inside the server, and the listener takes no logins. So a message that claims one is forged.
   */
  private isLocal(address: string): boolean {
    return address.trim().toLowerCase().endsWith(`@${this.config.mailDomain}`);
  }

  private async checkRecipient(address: SMTPServerAddress, session: SMTPServerSession): Promise<void> {
    const email = address.address.trim().toLowerCase();
    if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) throw smtpError(452, 'Too many recipients');
    if (!email.endsWith(`@${this.config.mailDomain}`)) throw smtpError(550, `<${email}>: relay access denied`);
    const [user] = await this.owners([email]);
    if (!user) throw smtpError(550, `<${email}>: mailbox unavailable`);
    if ((await this.usedBytes(user.id)) >= this.config.mail.quotaBytes) throw smtpError(552, `<${email}>: mailbox full`);
    accepted(session).set(email, user.id);
  }

  /** The staff users with these addresses (plain SQL: asked on every RCPT TO and every message). */
  private owners(emails: string[]): Promise<{ id: string }[]> {
    if (!emails.length) return Promise.resolve([]);
    return this.users.query(`SELECT id FROM users WHERE email IN (${emails.map(() => '?').join(', ')})`, emails);
  }

  /**
   * A mailbox's size, summed over all its messages: remembered for a while (and grown by what this
   * listener stores), since every RCPT TO asks and a quota is no place for byte precision.
   */
  private async usedBytes(ownerId: string): Promise<number> {
    const cached = this.usage.get(ownerId);
    if (cached && cached.at > Date.now() - USAGE_TTL_MS) return cached.used;
    const used = (await this.mailbox.usage([ownerId])).get(ownerId) ?? 0;
    if (this.usage.size > 10_000) this.usage.clear();
    this.usage.set(ownerId, { used, at: Date.now() });
    return used;
  }

  private async receive(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<string> {
    const chunks: Buffer[] = [];
    let stored = 0;
    for await (const chunk of stream) {
      // Past the limit keep reading (the client is still sending) but keep nothing.
      if (stream.sizeExceeded) continue;
      chunks.push(chunk as Buffer);
      stored += (chunk as Buffer).length;
    }
    if (stream.sizeExceeded || stored > this.config.mail.maxBytes) throw smtpError(552, 'Message exceeds fixed maximum message size');

    try {
      const raw = Buffer.concat(chunks);
      const emails = [...new Set(session.envelope.rcptTo.map((r) => r.address.trim().toLowerCase()))];
      // The mailboxes RCPT TO found, moments ago in this transaction; asked again only if one is missing.
      // (A person deleted in between: their row is gone, the insert's foreign key refuses it, 451.)
      const known = accepted(session);
      const owners = emails.every((e) => known.has(e)) ? emails.map((e) => ({ id: known.get(e) as string })) : await this.owners(emails);
      const parsed = await simpleParser(raw, { keepCidLinks: true, skipTextToHtml: true, skipTextLinks: true });
      const claimed = [...addresses(parsed.from), ...addresses(parsed.headers.get('sender') as AddressObject | undefined)].find((a) => this.isLocal(a.address));
      if (claimed) {
        this.logger.warn(`Mensagem recusada: remetente local forjado <${claimed.address}> (envelope ${session.envelope.mailFrom ? session.envelope.mailFrom.address : '<>'}, ${session.remoteAddress}).`);
        throw forgedSender(claimed.address);
      }
      const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
      const rows = await this.mailbox.store(
        { ...toNewMessage(parsed, envelopeFrom), deliveryHash: deliveryHash(parsed.messageId, raw) },
        [...new Set(owners.map((o) => o.id))].map((ownerId) => ({ ownerId, folder: 'inbox' as const, read: false, keepBcc: false })),
      );
      // A 250 means stored: the rows' commit on disk, power cut included (the files already are).
      await this.commits.flush();
      for (const row of rows) {
        const cached = this.usage.get(row.ownerId);
        if (cached) cached.used += row.size;
      }
      // Every mailbox already held it (a repeated delivery, maybe to another replica): still 250.
      if (!rows.length && owners.length) return `${parsed.messageId ?? 'message'} (already stored)`;
      return rows[0]?.messageId ?? rows[0]?.id ?? 'nothing';
    } catch (err) {
      if (typeof (err as { responseCode?: unknown }).responseCode === 'number') throw err;
      this.logger.error(`Mensagem de ${session.envelope.mailFrom || '?'} não armazenada: ${(err as Error).message}`);
      throw smtpError(451, 'Requested action aborted: local error in processing');
    }
  }
}

/** Per mail transaction (smtp-server makes a new envelope at each MAIL FROM): address → mailbox owner id. */
const acceptedRecipients = new WeakMap<object, Map<string, string>>();

function accepted(session: SMTPServerSession): Map<string, string> {
  let map = acceptedRecipients.get(session.envelope);
  if (!map) acceptedRecipients.set(session.envelope, (map = new Map()));
  return map;
}

function addresses(field: AddressObject | AddressObject[] | undefined): Address[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list
    .flatMap((o) => o.value)
    .flatMap((v) => (v.group ? v.group : [v]))
    .filter((v) => v.address)
    .map((v) => ({ name: (v.name ?? '').slice(0, 200), address: (v.address as string).toLowerCase().slice(0, 254) }));
}

/**
 * What makes two deliveries the same message: its Message-ID, or (a message without one) its raw
 * bytes. Stored per mailbox with a unique index (see MailMessage.deliveryHash).
 */
export function deliveryHash(messageId: string | undefined | null, raw: Buffer): string {
  const h = createHash('sha256');
  const id = messageId?.trim();
  if (id) h.update('message-id\0').update(id);
  else h.update('raw\0').update(raw);
  return h.digest('hex');
}

const HOUR = 3_600_000;
const USAGE_TTL_MS = 30_000;

export function toNewMessage(parsed: ParsedMail, envelopeFrom: string): NewMessage {
  const from = addresses(parsed.from)[0] ?? { name: '', address: envelopeFrom.toLowerCase() };
  const now = Date.now();
  // A sender's clock far in the future would pin the message to the top of the list.
  const date = parsed.date && !Number.isNaN(parsed.date.getTime()) && parsed.date.getTime() < now + HOUR ? parsed.date : new Date(now);
  const html = typeof parsed.html === 'string' && parsed.html.trim() ? sanitizeEmailHtml(parsed.html) : null;
  return {
    messageId: parsed.messageId?.slice(0, 255) ?? null,
    inReplyTo: parsed.inReplyTo?.slice(0, 255) ?? null,
    from,
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    bcc: [],
    subject: (parsed.subject ?? '').slice(0, 998),
    date,
    html,
    text: parsed.text ?? '',
    attachments: parsed.attachments.map((a) => ({
      filename: safeFilename(a.filename, a.contentType),
      contentType: (a.contentType || 'application/octet-stream').slice(0, 255),
      contentId: a.contentId ? a.contentId.replace(/^<|>$/g, '').slice(0, 255) : null,
      source: { buffer: a.content },
    })),
  };
}
