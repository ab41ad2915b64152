import { ConflictException, HttpException, Inject, Injectable, Logger, UnprocessableEntityException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, Repository } from 'typeorm';
import { escapeHtml, type EmailSaidaConfig } from '@veritas/common';
import { APP_CONFIG, type AppConfig } from '../platform/config';
import { withTransaction } from '../platform/database';
import { EmailSaidaDto } from './dto/email-saida.dto';
import { EMAIL_SAIDA_ID, EmailSaida } from './entities/email-saida.entity';
import { MailDelivery } from './mail-delivery.service';
import { MailOutboxService } from './mail-outbox.service';
import { MailRelay } from './mail-relay';
import { RelaySettings, SENHA_PURPOSE } from './relay-settings';
import { seal } from './secret-box';

export const NADA_CONFIGURADO = 'Não há servidor de envio configurado para remover.';
export const TESTE_SEM_SERVIDOR = 'Não há servidor de envio configurado: salve as configurações antes de enviar o e-mail de teste.';

/**
 * Configurações → E-mail de saída (issue 53, ADR 0055): the board saves the relay (its password
 * sealed, never returned), removes it, and sends a test e-mail through the relay in use. A save
 * puts the messages that waited for a relay back in the queue at once.
 */
@Injectable()
export class EmailSaidaService {
  private readonly logger = new Logger('EmailSaida');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(EmailSaida) private readonly rows: Repository<EmailSaida>,
    private readonly db: DataSource,
    private readonly settings: RelaySettings,
    private readonly relay: MailRelay,
    private readonly delivery: MailDelivery,
    private readonly outbox: MailOutboxService,
  ) {}

  read(): Promise<EmailSaidaConfig> {
    return this.settings.read();
  }

  async save(dto: EmailSaidaDto): Promise<{ config: EmailSaidaConfig; retomadas: number }> {
    await withTransaction(this.db, async (m) => {
      const before = await m.findOne(EmailSaida, { where: { id: EMAIL_SAIDA_ID } });
      const row = before ?? m.create(EmailSaida, { id: EMAIL_SAIDA_ID, senhaCifrada: null, senhaAlteradaEm: null });
      const usuario = dto.usuario ?? null;
      // No user, no password; a new password replaces the kept one; none given keeps it.
      const senhaCifrada = !usuario ? null : dto.senha ? seal(this.config.settingsSecret, SENHA_PURPOSE, dto.senha) : (before?.senhaCifrada ?? null);
      if (senhaCifrada !== row.senhaCifrada) row.senhaAlteradaEm = new Date();
      Object.assign(row, {
        host: dto.host.toLowerCase(),
        porta: dto.porta,
        seguranca: dto.seguranca,
        usuario,
        senhaCifrada,
        remetenteEmail: dto.remetenteEmail?.toLowerCase() ?? null,
        remetenteNome: dto.remetenteNome ?? null,
      });
      await m.save(EmailSaida, row);
    });
    this.settings.forget();
    this.relay.close();
    const retomadas = await this.outbox.resumeParked();
    if (this.settings.fromEnvironment) this.logger.warn('E-mail de saída salvo, mas SMTP_URL está definida no ambiente e prevalece.');
    return { config: await this.read(), retomadas };
  }

  /** Removes the panel's relay (SMTP_URL, if set, stays); false when there was none. */
  async remove(): Promise<boolean> {
    const removed = await withTransaction(this.db, async (m) => {
      const row = await m.findOne(EmailSaida, { where: { id: EMAIL_SAIDA_ID } });
      if (row) await m.remove(EmailSaida, row);
      return !!row;
    });
    this.settings.forget();
    this.relay.close();
    return removed;
  }

  /**
   * One e-mail straight through the relay in use (not the queue): the answer says at once whether it
   * went. No relay: 409; the relay refused or did not answer: 422 with its reason (a diagnosis the
   * board asked for, not a failure of this server).
   */
  async test(para: string): Promise<void> {
    if (!(await this.relay.configured(true))) throw new ConflictException(TESTE_SEM_SERVIDOR);
    const brand = this.config.firm.brandName;
    const from = this.delivery.systemSender();
    await this.relay.send({
      messageId: `<${randomUUID()}@${this.config.mailDomain}>`,
      inReplyTo: null,
      from,
      to: [{ name: '', address: para }],
      cc: [],
      envelopeTo: [para],
      subject: `E-mail de teste — ${brand}`,
      html: `<p>Este é um e-mail de teste do envio de e-mails de <strong>${escapeHtml(brand)}</strong>.</p><p>Se você o recebeu, os avisos aos clientes e os links de redefinição de senha também chegam.</p>`,
      text: `Este é um e-mail de teste do envio de e-mails de ${brand}.\n\nSe você o recebeu, os avisos aos clientes e os links de redefinição de senha também chegam.`,
      attachments: [],
    }).catch((err: unknown) => {
      const reason = err instanceof HttpException ? err.message : String(err);
      throw new UnprocessableEntityException(`O e-mail de teste não foi enviado: ${reason[0].toLowerCase()}${reason.slice(1)}`);
    });
  }
}
