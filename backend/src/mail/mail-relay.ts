import { BadGatewayException, Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { SYSTEM_SENDER_LOCAL_PART } from '@veritas/common';
import { APP_CONFIG, AppConfig } from '../platform/config';
import type { Address } from './mail.types';
import { RelaySettings } from './relay-settings';

export interface RelayMessage {
  messageId: string;
  inReplyTo: string | null;
  from: Address;
  /** Header lists, as every recipient sees them (never the Bcc). */
  to: Address[];
  cc: Address[];
  /** Who the relay delivers to: the outside recipients only (Bcc included). */
  envelopeTo: string[];
  subject: string;
  html: string | null;
  text: string;
  headers?: Record<string, string>;
  attachments: { filename: string; contentType: string; contentId?: string | null; content?: Buffer; path?: string }[];
}

/** In words a staff member understands; the setting's name (SMTP_URL) goes to the log only. */
export const NO_RELAY_MESSAGE = 'O envio para endereços externos não está configurado; fale com o administrador.';

/**
 * Mail to outside addresses, through the relay in use (nodemailer): SMTP_URL, or the one set in
 * Configurações → E-mail de saída (RelaySettings). The transport is built again when the settings change.
 */
@Injectable()
export class MailRelay {
  private transport: { key: string; t: Transporter } | null = null;

  private readonly logger = new Logger(MailRelay.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settings: RelaySettings,
  ) {}

  /** Whether a relay is set; `fresh` reads the settings now instead of this replica's copy. */
  async configured(fresh = false): Promise<boolean> {
    return !!(await this.settings.target(fresh));
  }

  /** Hands the message to the relay; pt-BR 503 without one, 502 when it fails or refuses. */
  async send(m: RelayMessage): Promise<void> {
    const target = await this.settings.target();
    if (!target) {
      this.logger.warn(`Mensagem para ${m.envelopeTo.join(', ')} não enviada: nenhum relay para endereços externos (SMTP_URL ou Configurações → E-mail de saída).`);
      throw new ServiceUnavailableException(NO_RELAY_MESSAGE);
    }
    if (this.transport?.key !== target.key) {
      this.transport?.t.close();
      const timeouts = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };
      const t = typeof target.transport === 'string' ? createTransport({ url: target.transport, ...timeouts }) : createTransport({ ...target.transport, ...timeouts });
      this.transport = { key: target.key, t };
    }
    const addr = (a: Address) => ({ name: a.name, address: a.address });
    // The firm's own system sender leaves with the From the relay accepts (E-mail de saída), when set.
    const from = target.from && m.from.address === `${SYSTEM_SENDER_LOCAL_PART}@${this.config.mailDomain}` ? target.from : m.from;
    try {
      await this.transport.t.sendMail({
        messageId: m.messageId,
        inReplyTo: m.inReplyTo ?? undefined,
        references: m.inReplyTo ?? undefined,
        from: addr(from),
        to: m.to.map(addr),
        cc: m.cc.map(addr),
        envelope: { from: from.address, to: m.envelopeTo },
        subject: m.subject,
        html: m.html ?? undefined,
        text: m.text,
        headers: m.headers,
        attachments: m.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          cid: a.contentId ?? undefined,
          content: a.content,
          path: a.path,
        })),
      });
    } catch (err) {
      const reason = relayReason(err);
      throw new BadGatewayException(reason[0].toUpperCase() + reason.slice(1));
    }
  }

  close(): void {
    this.transport?.t.close();
    this.transport = null;
  }
}

/** Why the relay failed, in Portuguese, with the server's own answer when there is one. */
export function relayReason(err: unknown): string {
  const e = err as { code?: string; response?: string; responseCode?: number; message?: string };
  const detail = (e.response || e.message || '').replace(/\s+/g, ' ').trim().slice(0, 200);
  const reasons: Record<string, string> = {
    ECONNECTION: 'não foi possível conectar ao servidor de envio',
    ETIMEDOUT: 'o servidor de envio não respondeu a tempo',
    EAUTH: 'o servidor de envio recusou a autenticação',
    EENVELOPE: 'o servidor de envio recusou os destinatários',
    EMESSAGE: 'o servidor de envio recusou a mensagem',
    ETLS: 'falha na conexão segura (TLS) com o servidor de envio',
    EDNS: 'o endereço do servidor de envio não foi encontrado',
    ESOCKET: 'a conexão com o servidor de envio falhou',
  };
  const reason = (e.code && reasons[e.code]) || 'o servidor de envio recusou a mensagem';
  return detail ? `${reason} (${detail}).` : `${reason}.`;
}
