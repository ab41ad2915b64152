import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { EmailSaidaConfig, EmailSaidaFonte } from '@veritas/common';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { EMAIL_SAIDA_ID, EmailSaida } from './entities/email-saida.entity';
import { open } from './secret-box';
import type { Address } from './mail.types';

/** The purpose bound to the sealed password: it opens as this field and no other. */
export const SENHA_PURPOSE = 'email_saida.senha';

/** How nodemailer reaches the relay in use, and the From that system mail takes through it. */
export interface RelayTarget {
  fonte: Exclude<EmailSaidaFonte, 'nenhuma'>;
  /** Changes whenever the settings do: the transport is built again. */
  key: string;
  transport: string | { host: string; port: number; secure: boolean; requireTLS: boolean; ignoreTLS: boolean; auth?: { user: string; pass: string } };
  /** The From of system mail (nao-responda@…) through this relay; null keeps it. */
  from: Address | null;
}

/** A replica sees another's change within this long (each save also clears its own at once). */
const CACHE_MS = 10_000;

/**
 * The relay outside mail leaves through (issue 53, ADR 0055): SMTP_URL when set, else the one the
 * board saved in Configurações → E-mail de saída, else none. Read from the database at most every
 * 10 s per replica; `fresh` reads now (before a decision that parks messages).
 */
@Injectable()
export class RelaySettings {
  private cached: { at: number; target: RelayTarget | null } | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(EmailSaida) private readonly rows: Repository<EmailSaida>,
  ) {}

  get fromEnvironment(): boolean {
    return !!this.config.mail.relayUrl;
  }

  async target(fresh = false): Promise<RelayTarget | null> {
    if (this.config.mail.relayUrl) return { fonte: 'ambiente', key: 'ambiente', transport: this.config.mail.relayUrl, from: null };
    if (!fresh && this.cached && Date.now() - this.cached.at < CACHE_MS) return this.cached.target;
    const row = await this.stored();
    const target = row ? this.targetOf(row) : null;
    this.cached = { at: Date.now(), target };
    return target;
  }

  /** After a save or a removal on this replica. */
  forget(): void {
    this.cached = null;
  }

  stored(): Promise<EmailSaida | null> {
    return this.rows.findOne({ where: { id: EMAIL_SAIDA_ID } });
  }

  async read(): Promise<EmailSaidaConfig> {
    const row = await this.stored();
    const fonte: EmailSaidaFonte = this.config.mail.relayUrl ? 'ambiente' : row ? 'painel' : 'nenhuma';
    return {
      fonte,
      painel: row && {
        host: row.host,
        porta: row.porta,
        seguranca: row.seguranca,
        usuario: row.usuario,
        senhaDefinida: !!row.senhaCifrada,
        remetenteEmail: row.remetenteEmail,
        remetenteNome: row.remetenteNome,
        atualizadoEm: row.updatedAt.toISOString(),
      },
    };
  }

  private targetOf(row: EmailSaida): RelayTarget {
    // A password sealed under another SETTINGS_SECRET does not open: sent without it, the relay
    // refuses the login and the Fila de saída shows why.
    const pass = row.senhaCifrada ? open(this.config.settingsSecret, SENHA_PURPOSE, row.senhaCifrada) : null;
    return {
      fonte: 'painel',
      key: `painel:${row.updatedAt.getTime()}:${row.host}:${row.porta}:${row.seguranca}`,
      transport: {
        host: row.host,
        port: row.porta,
        secure: row.seguranca === 'tls',
        requireTLS: row.seguranca === 'starttls',
        ignoreTLS: row.seguranca === 'nenhuma',
        ...(row.usuario ? { auth: { user: row.usuario, pass: pass ?? '' } } : {}),
      },
      from: row.remetenteEmail ? { address: row.remetenteEmail, name: row.remetenteNome ?? this.config.firm.brandName } : null,
    };
  }
}
