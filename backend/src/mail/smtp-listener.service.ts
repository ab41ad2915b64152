import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import { SMTPServer, SMTPServerAddress, SMTPServerDataStream, SMTPServerSession } from 'smtp-server';
import { ReadSide, sharedCall } from '../platform/read-side';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { MAX_RECIPIENTS } from './mail-delivery.service';
import { DurableCommits } from '../platform/database';
import type { MailMessage } from './entities/mail-message.entity';
import { headerSenders, isLocalAddress } from './inbound-message';
import { MailFiles, MailFileWriter } from '../platform/storage';
import { MailParser } from './mail-parser';
import { MailboxService } from './mailbox.service';
import { MailSpool, SPOOL_ROW_MAX_BYTES } from './mail-spool.service';

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
 * message over MAIL_MAX_BYTES with 552; a message is acknowledged (250) only once it is stored in
 * every recipient's inbox, or (while the listener is busy storing others: MailSpool) once its raw
 * bytes are committed to the spool, from which they reach the inboxes a moment later.
 */
@Injectable()
export class SmtpListener implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('SMTP');
  private server: SMTPServer | null = null;
  private bound: AddressInfo | null = null;
  private readonly usage = new Map<string, { used: number; at: number }>();
  /** The sums being made (usedBytes), per mailbox. */
  private readonly summing = new Map<string, Promise<number>>();
  /** Messages being stored before their 250 right now. */
  private storing = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mailbox: MailboxService,
    private readonly commits: DurableCommits,
    private readonly spool: MailSpool,
    private readonly parser: MailParser,
    private readonly reads: ReadSide,
    private readonly files: MailFiles,
  ) {
    spool.onStored = (rows) => this.grow(rows);
  }

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
        this.spool.heard();
        callback(this.isLocal(address.address) ? forgedSender(address.address) : undefined);
      },
      onRcptTo: (address, session, callback) => {
        this.spool.heard();
        this.checkRecipient(address, session).then(() => callback(), (err: Error) => callback(err));
      },
      onData: (stream, session, callback) => {
        this.receive(stream, session).then(
          (reply) => callback(null, `OK: message ${reply}`),
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
    return isLocalAddress(address, this.config.mailDomain);
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

  /**
   * The staff users with these addresses, one each (plain SQL, asked on every RCPT TO): a point read by
   * address (ReadSide.pointByKey: on MySQL/MariaDB the RCPT TOs of the sessions that ask at the same time
   * in one statement; on SQLite the main thread's read-only connection).
   */
  private async owners(emails: string[]): Promise<{ id: string }[]> {
    const found = await Promise.all(emails.map((e) => this.reads.pointByKey<{ id: string }>(OWNER_BY_EMAIL, e, 'row_key')));
    return found.flatMap((rows) => rows.slice(0, 1));
  }

  /**
   * A mailbox's size, summed over all its messages: remembered for a while (and grown by what this
   * listener stores), since every RCPT TO asks and a quota is no place for byte precision. One sum
   * per mailbox at a time: when the remembered one has expired, the RCPT TOs that arrive meanwhile
   * are answered with it while the new one is made (a burst on a large mailbox would otherwise sum
   * it once per recipient at the same moment); only the first ever waits for it.
   */
  private usedBytes(ownerId: string): Promise<number> {
    const cached = this.usage.get(ownerId);
    if (cached && cached.at > Date.now() - USAGE_TTL_MS) return Promise.resolve(cached.used);
    const sum = sharedCall(this.summing, ownerId, () => this.sumUsage(ownerId));
    if (!cached) return sum;
    sum.catch(() => undefined); // logged by sumUsage; the remembered sum answers meanwhile
    return Promise.resolve(cached.used);
  }

  private async sumUsage(ownerId: string): Promise<number> {
    try {
      const used = (await this.mailbox.usage([ownerId])).get(ownerId) ?? 0;
      if (this.usage.size > 10_000) this.usage.clear();
      this.usage.set(ownerId, { used, at: Date.now() });
      return used;
    } catch (err) {
      this.logger.error(`Tamanho da caixa ${ownerId} não recalculado: ${(err as Error).message}`);
      throw err;
    }
  }

  private async receive(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<string> {
    const chunks: Buffer[] = [];
    let stored = 0;
    /**
     * Past SPOOL_ROW_MAX_BYTES the message goes to a mail file as it arrives (to be spooled from there):
     * its pieces are not held, nor copied into one buffer, and most of the file is written before the end.
     */
    let writer: MailFileWriter | null = null;
    let head: Buffer | null = null;
    let failed: Error | null = null;
    for await (const chunk of stream) {
      this.spool.heard();
      // Past the limit, or once the file failed, keep reading (the client is still sending) but keep nothing.
      if (stream.sizeExceeded || failed) continue;
      stored += (chunk as Buffer).length;
      try {
        if (writer) {
          await writer.write(chunk as Buffer);
          continue;
        }
        chunks.push(chunk as Buffer);
        if (stored > SPOOL_ROW_MAX_BYTES && stored <= this.config.mail.maxBytes && this.spool.spills()) {
          // The first megabyte stays for the header checks; everything goes to the file.
          head = Buffer.concat(chunks);
          chunks.length = 0;
          writer = this.files.writer();
          await writer.write(head);
        }
      } catch (err) {
        failed = err as Error;
      }
    }
    if (stream.sizeExceeded || stored > this.config.mail.maxBytes || failed) {
      await writer?.discard();
      if (!failed) throw smtpError(552, 'Message exceeds fixed maximum message size');
      this.logger.error(`Mensagem de ${session.envelope.mailFrom || '?'} não armazenada: ${failed.message}`);
      throw smtpError(451, 'Requested action aborted: local error in processing');
    }
    if (writer) return this.deliver({ head: head as Buffer, bytes: stored, file: writer }, session);
    return this.deliver({ head: Buffer.concat(chunks), bytes: stored, file: null }, session);
  }

  /**
   * A message received whole: spooled while the listener is busy (the 250 once its row is committed),
   * else stored before its 250. Over SPOOL_ROW_MAX_BYTES it is in a mail file (`file`, `head` its first
   * megabyte): synced, the spool's once its row is committed, read back to be stored now, otherwise gone.
   */
  private async deliver(message: { head: Buffer; bytes: number; file: MailFileWriter | null }, session: SMTPServerSession): Promise<string> {
    const { head, bytes, file } = message;
    let rawFile: string | null = null;
    let spooled = false;
    let inline = false;
    const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
    try {
      const ownerIds = await this.recipients(session);
      // Decided, and the listener counted busy, before any wait (a file's sync, reading it back): eight
      // large messages ending together all found it idle while they waited, and all were stored before their 250.
      inline = !this.spool.takes(bytes, this.storing > 0);
      if (inline) this.storing++;
      if (file) rawFile = await file.finish();
      if (!inline) {
        // Busy: the 250 once the raw message is committed; a forged local sender is refused from its headers.
        const claimed = headerSenders(head).find((a) => this.isLocal(a));
        if (claimed) throw this.forged(claimed, session);
        const id = await this.spool.add(rawFile ? { rawFile, bytes } : head, envelopeFrom, ownerIds, session.remoteAddress);
        spooled = true;
        return `queued as ${id}`;
      }
      return await this.storeNow(rawFile ? await this.files.read(rawFile) : head, envelopeFrom, ownerIds, session);
    } catch (err) {
      if (typeof (err as { responseCode?: unknown }).responseCode === 'number') throw err;
      this.logger.error(`Mensagem de ${session.envelope.mailFrom || '?'} não armazenada: ${(err as Error).message}`);
      throw smtpError(451, 'Requested action aborted: local error in processing');
    } finally {
      if (inline) this.storing--;
      // Spooled, the file is the spool's; otherwise (stored now, refused, its row not committed) it goes.
      if (file && !spooled) {
        if (rawFile) await this.files.remove([rawFile]).catch(() => undefined);
        else await file.discard();
      }
    }
  }

  /** The mailboxes RCPT TO found, moments ago in this transaction; asked again only if one is missing. */
  private async recipients(session: SMTPServerSession): Promise<string[]> {
    const emails = [...new Set(session.envelope.rcptTo.map((r) => r.address.trim().toLowerCase()))];
    // (A person deleted in between: their row is gone, the insert's foreign key refuses it, 451.)
    const known = accepted(session);
    const owners = emails.every((e) => known.has(e)) ? emails.map((e) => known.get(e) as string) : (await this.owners(emails)).map((o) => o.id);
    return [...new Set(owners)];
  }

  /** Parses and stores the message into every recipient's inbox; the reply's text. */
  private async storeNow(raw: Buffer, envelopeFrom: string, ownerIds: string[], session: SMTPServerSession): Promise<string> {
    const { message, forgedLocal } = await this.parser.parse(raw, envelopeFrom, true);
    if (forgedLocal) throw this.forged(forgedLocal, session);
    const rows = await this.mailbox.store(
      message,
      ownerIds.map((ownerId) => ({ ownerId, folder: 'inbox' as const, read: false, keepBcc: false })),
    );
    // A 250 means stored: the rows' commit on disk, power cut included (the files already are).
    await this.commits.flush();
    this.grow(rows);
    // Every mailbox already held it (a repeated delivery, maybe to another replica): still 250.
    if (!rows.length && ownerIds.length) return `stored as ${message.messageId ?? 'message'} (already stored)`;
    return `stored as ${rows[0]?.messageId ?? rows[0]?.id ?? 'nothing'}`;
  }

  private forged(address: string, session: SMTPServerSession): Error {
    this.logger.warn(`Mensagem recusada: remetente local forjado <${address}> (envelope ${session.envelope.mailFrom ? session.envelope.mailFrom.address : '<>'}, ${session.remoteAddress}).`);
    return forgedSender(address);
  }

  /** The mailbox sizes remembered for the quota, grown by what was just stored. */
  private grow(rows: MailMessage[]): void {
    for (const row of rows) {
      const cached = this.usage.get(row.ownerId);
      if (cached) cached.used += row.size;
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

const USAGE_TTL_MS = 30_000;

/** owners(): a staff user by address, the address read back (lower case) as the key. */
const OWNER_BY_EMAIL = 'SELECT LOWER(email) AS row_key, id FROM users WHERE email IN (';
