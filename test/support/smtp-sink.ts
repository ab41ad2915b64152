import type { AddressInfo } from 'node:net';
import { ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SunkMessage {
  from: string;
  to: string[];
  raw: Buffer;
  parsed: ParsedMail;
}

/**
 * A local SMTP server standing in for the outside world in tests (the SMTP_URL relay): it accepts
 * everything, or refuses every message with a chosen code, and keeps what it received.
 */
export class SmtpSink {
  readonly messages: SunkMessage[] = [];
  /** The credentials relays logged in with (with `{ auth: true }`: AUTH offered without TLS). */
  readonly logins: { user: string; pass: string }[] = [];
  /** When set, every message is refused at DATA with this code (e.g. 554). */
  refuseWith: number | null = null;
  /** When set, a message to any address it matches is refused at DATA with 554 (one recipient's server says no). */
  refuseTo: RegExp | null = null;
  /** Connections that broke mid-transaction (a client killed with -9): a real relay logs them and goes on. */
  readonly connectionErrors: Error[] = [];
  private waiters: (() => void)[] = [];

  private constructor(private readonly server: SMTPServer, readonly port: number) {}

  /**
   * On a free port, or on `port` (a relay that comes up where the app already points). With `auth`,
   * AUTH is offered on the plain connection and each login is kept (a relay's user and password).
   */
  static async start(port = 0, opts: { auth?: boolean } = {}): Promise<SmtpSink> {
    let sink: SmtpSink | undefined;
    const server = new SMTPServer({
      authOptional: true,
      allowInsecureAuth: !!opts.auth,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // Accepts any credentials, so an smtp://user:pass@ relay URL works against it.
      onAuth: (auth, _session, cb) => {
        sink?.logins.push({ user: auth.username ?? '', pass: auth.password ?? '' });
        cb(null, { user: auth.username });
      },
      onData: (stream, session, cb) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', async () => {
          if (sink?.refuseWith) return cb(Object.assign(new Error('Refused by the test sink'), { responseCode: sink.refuseWith }));
          if (sink?.refuseTo && session.envelope.rcptTo.some((r) => sink!.refuseTo!.test(r.address))) {
            return cb(Object.assign(new Error('Mailbox refused by the test sink'), { responseCode: 554 }));
          }
          const raw = Buffer.concat(chunks);
          sink!.messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            parsed: await simpleParser(raw),
          });
          sink!.waiters.splice(0).forEach((w) => w());
          cb();
        });
      },
    });
    // smtp-server emits a dropped client's ECONNRESET inside a transaction on the server; unheard, it
    // would be an uncaught error of the test process, not a fault of the app under test.
    server.on('error', (err) => sink?.connectionErrors.push(err));
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
    sink = new SmtpSink(server, (server.server.address() as AddressInfo).port);
    return sink;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Resolves once `count` messages arrived (fails the test after `ms`). */
  async waitFor(count: number, ms = 10_000): Promise<SunkMessage[]> {
    const deadline = Date.now() + ms;
    while (this.messages.length < count) {
      if (Date.now() > deadline) throw new Error(`o sink SMTP recebeu ${this.messages.length} de ${count} mensagens`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    return this.messages;
  }

  /** Resolves with the first message of that subject, to `to` when given (others, sent by earlier work, are passed over). */
  async waitForSubject(subject: string | RegExp, ms = 10_000, to?: string): Promise<SunkMessage> {
    const deadline = Date.now() + ms;
    const matches = (s: string | undefined) => (typeof subject === 'string' ? s === subject : subject.test(s ?? ''));
    for (;;) {
      const found = this.messages.find((m) => matches(m.parsed.subject) && (to === undefined || m.to.includes(to)));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`o sink SMTP não recebeu "${subject}" (recebeu: ${this.messages.map((m) => m.parsed.subject).join(' | ')})`);
      await this.waitFor(this.messages.length + 1, Math.max(0, deadline - Date.now())).catch(() => undefined);
    }
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
