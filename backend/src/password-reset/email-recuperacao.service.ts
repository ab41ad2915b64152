import { BadRequestException, Inject, Injectable, Logger, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull, Not, Repository } from 'typeorm';
import { type EmailRecuperacaoResponse, firmDomainRecoveryMessage, isFirmDomainEmail } from '@veritas/common';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { withTransaction } from '../platform/database';
import { Limits } from '../platform/limits';
import { MailService } from '../mail';
import { appendAudit } from '../auditoria';
import { User } from '../users';
import { INVALID_RECOVERY_LINK } from './dto/email-recuperacao.dto';
import { EmailRecuperacao } from './entities/email-recuperacao.entity';
import { hashResetToken, newLinkToken } from './reset-token';
import { linkMail } from './link-mail';

/** A confirmation link lasts a day: the person may read a personal mailbox only in the evening. */
export const RECOVERY_CONFIRM_TTL_MS = 24 * 3_600_000;
export const RECOVERY_CONFIRM_SENT = (email: string) =>
  `Enviamos um link de confirmação para ${email}. O e-mail de recuperação passa a valer depois de confirmado (o link vale por 24 horas).`;
export const RECOVERY_ALREADY_CONFIRMED = 'Este e-mail de recuperação já está confirmado.';
export const RECOVERY_REMOVED = 'E-mail de recuperação removido. Sem ele, só a diretoria pode enviar um link de redefinição de senha.';
export const RECOVERY_CONFIRMED = 'E-mail de recuperação confirmado! Os links de redefinição de senha da sua conta serão enviados para ele.';

/**
 * A staff member's recovery e-mail (issue 53, ADR 0048): set by the person in the panel, outside the
 * firm's domain, and counted only once confirmed by a link sent to it. The link carries a random token
 * of which only the SHA-256 is stored; one use, 24 hours. Every change is in the user's audit trail.
 */
@Injectable()
export class EmailRecuperacaoService {
  private readonly logger = new Logger(EmailRecuperacaoService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(EmailRecuperacao) private readonly rows: Repository<EmailRecuperacao>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
    private readonly limits: Limits,
  ) {}

  async get(userId: string): Promise<EmailRecuperacaoResponse | null> {
    return toResponse(await this.rows.findOne({ where: { userId } }));
  }

  /** The address reset links go to: the confirmed one, or null. */
  async confirmedAddress(userId: string): Promise<string | null> {
    const row = await this.rows.findOne({ where: { userId, verificadoEm: Not(IsNull()) }, select: { id: true, email: true } });
    return row?.email ?? null;
  }

  /**
   * Sets (or replaces) the address, unconfirmed until its link is opened, and mails that link. The
   * same address already confirmed is left as it is; the hourly limit per address of the reset links
   * applies, so the form cannot be used to flood someone's mailbox.
   */
  async set(userId: string, email: string): Promise<{ data: EmailRecuperacaoResponse; message: string }> {
    if (isFirmDomainEmail(email, this.config.mailDomain)) throw new UnprocessableEntityException(firmDomainRecoveryMessage(this.config.mailDomain));
    const before = await this.rows.findOne({ where: { userId } });
    if (before?.email === email && before.verificadoEm) return { data: toResponse(before)!, message: RECOVERY_ALREADY_CONFIRMED };
    await this.limits.hit('recuperar-senha-email', email);
    const user = await this.users.findOne({ where: { id: userId }, select: { id: true, nomeCompleto: true } });
    const nome = user?.nomeCompleto ?? '';
    const token = newLinkToken();
    const saved = await withTransaction(this.db, async (m) => {
      const values = { email, verificadoEm: null, tokenHash: hashResetToken(token), tokenExpiraEm: new Date(Date.now() + RECOVERY_CONFIRM_TTL_MS) };
      const row = before ? m.merge(EmailRecuperacao, before, values) : m.create(EmailRecuperacao, { userId, ...values });
      await m.save(row);
      await this.audit(m, 'usuario.recuperacao.definido', userId, { emailRecuperacao: [before?.email ?? null, email] });
      const link = `${this.config.firm.siteUrl}/painel/confirmar-email-recuperacao?token=${token}`;
      await this.mail.enqueueIn(m, { to: [email], ...confirmMail(this.config.firm.brandName, nome, link), evento: 'usuario.recuperacao' });
      return row;
    });
    this.mail.wakeOutbox();
    this.logger.log(`E-mail de recuperação definido (usuário ${userId}); link de confirmação enviado.`);
    return { data: toResponse(saved)!, message: RECOVERY_CONFIRM_SENT(email) };
  }

  async remove(userId: string): Promise<void> {
    const before = await this.rows.findOne({ where: { userId } });
    if (!before) return;
    await withTransaction(this.db, async (m) => {
      await m.delete(EmailRecuperacao, { id: before.id });
      await this.audit(m, 'usuario.recuperacao.removido', userId, { emailRecuperacao: [before.email, null] });
    });
  }

  /** Opens the confirmation link: one use, before it expires; the person confirmed it (no session needed). */
  async confirm(token: string): Promise<void> {
    const tokenHash = hashResetToken(token);
    const row = await this.rows.findOne({ where: { tokenHash } });
    if (!row || !row.tokenExpiraEm || row.tokenExpiraEm.getTime() <= Date.now()) throw new BadRequestException(INVALID_RECOVERY_LINK);
    await withTransaction(this.db, async (m) => {
      const now = new Date();
      // Claimed with a condition: of two simultaneous openings, only one confirms.
      const claimed = await m.update(EmailRecuperacao, { id: row.id, tokenHash }, { verificadoEm: now, tokenHash: null, tokenExpiraEm: null, updatedAt: now });
      if (claimed.affected !== 1) throw new BadRequestException(INVALID_RECOVERY_LINK);
      await this.audit(m, 'usuario.recuperacao.confirmado', row.userId, { emailRecuperacao: [null, row.email] }, true);
    });
  }

  private audit(m: EntityManager, acao: string, userId: string, diff: Record<string, unknown>, byOwner = false) {
    return appendAudit(m, { acao, entidade: 'users', entidadeId: userId, diff, ...(byOwner ? { ator: { kind: 'user' as const, id: userId } } : {}) });
  }
}

function toResponse(row: EmailRecuperacao | null): EmailRecuperacaoResponse | null {
  if (!row) return null;
  return { email: row.email, verificado: !!row.verificadoEm, verificadoEm: row.verificadoEm ? row.verificadoEm.toISOString() : null };
}

/** Subject and bodies of the confirmation e-mail (pt-BR; values escaped in the HTML). */
function confirmMail(brand: string, nome: string, link: string): { subject: string; html: string; text: string } {
  return {
    subject: `Confirme o seu e-mail de recuperação — ${brand}`,
    ...linkMail({
      brand,
      nome,
      intro: `Este endereço foi informado como e-mail de recuperação de senha de uma conta da equipe ${brand}.`,
      button: 'Confirmar e-mail de recuperação',
      cue: 'Para confirmar, abra:',
      link,
      closing: 'O link vale por 24 horas e pode ser usado uma única vez. Se não foi você, ignore este e-mail: o endereço não será usado.',
    }),
  };
}
