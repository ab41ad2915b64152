import { BadRequestException, ConflictException, HttpException, HttpStatus, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, IsNull, LessThan, Not, Repository } from 'typeorm';
import { PasswordService, passwordChangedNow } from '../auth/password.service';
import { Cliente } from '../clientes/entities/cliente.entity';
import { RateWindow, waitMinutesText } from '../common/rate-window';
import { InjectRateLimitStore, RateLimitStore } from '../common/rate-limit-store';
import { APP_CONFIG, AppConfig } from '../config/config';
import { escapeHtml } from '../mail/mail-html';
import { MailService } from '../mail/mail.service';
import { User } from '../users/entities/user.entity';
import { INVALID_RESET_LINK } from './dto/password-reset.dto';
import { PasswordResetToken, ResetAccountType } from './entities/password-reset-token.entity';
import { withTransaction } from '../common/transaction';
import { REDACTED } from '../auditoria/audit-hash';
import { appendAudit } from '../auditoria/audit-log';

export const RESET_REQUESTED_MESSAGE =
  'Se o e-mail informado estiver cadastrado, você receberá em instantes um link para redefinir a sua senha. O link vale por 1 hora.';
export const RESET_DONE_MESSAGE = 'Senha redefinida com sucesso! Faça login com a nova senha.';
export const RESET_TTL_MS = 3_600_000;
export const RESET_SENT_TO_CLIENTE = 'Link de redefinição de senha enviado para o e-mail de acesso do cliente. O link vale por 1 hora.';
export const RESET_CLIENTE_INATIVO = 'O cliente está inativo e não pode entrar: reative-o antes de enviar o link de redefinição de senha.';
export const RESET_CLIENTE_NOT_FOUND = 'Cliente não encontrado.';
const HOUR_MS = 3_600_000;

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

interface Account {
  type: ResetAccountType;
  id: string;
  email: string;
  name: string;
}

/**
 * Password recovery for staff and clients. The request answers the same thing, at the same speed,
 * whether or not the e-mail is registered: the lookup and the mail happen after the answer. Links
 * carry a random token of which only the SHA-256 is stored; one use, one hour.
 */
@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger(PasswordResetService.name);
  private readonly perIp: RateWindow;
  private readonly perEmail: RateWindow;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(PasswordResetToken) private readonly tokens: Repository<PasswordResetToken>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(Cliente) private readonly clientes: Repository<Cliente>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly passwords: PasswordService,
    private readonly mail: MailService,
    @InjectRateLimitStore() limits: RateLimitStore,
  ) {
    this.perIp = new RateWindow(limits, 'reset-ip', HOUR_MS, () => this.config.passwordReset.perIpPerHour);
    this.perEmail = new RateWindow(limits, 'reset-email', HOUR_MS, () => this.config.passwordReset.perEmailPerHour);
  }

  /** Refuses only for the caller's IP (429); everything about the e-mail happens in the background. */
  async request(email: string, ip: string): Promise<void> {
    const wait = await this.perIp.hit(ip);
    if (wait) {
      throw new HttpException(
        `Muitos pedidos de redefinição de senha. Aguarde ${waitMinutesText(wait)} e tente novamente.`,
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
    const job: Promise<void> = this.issue(email)
      .catch((err) => this.logger.error(`Pedido de redefinição de senha não atendido: ${(err as Error).message}`))
      .finally(() => this.inFlight.delete(job));
    this.inFlight.add(job);
  }

  /** Tests: resolves once every request received so far has been handled. */
  async whenIdle(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  /**
   * Sets the new password if the token is valid, unused and unexpired, and spends it together
   * with every other pending link of the same account, in one transaction.
   */
  async reset(token: string, password: string): Promise<void> {
    const row = await this.tokens.findOne({ where: { tokenHash: hashResetToken(token) } });
    if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) throw new BadRequestException(INVALID_RESET_LINK);
    const passwordHash = await this.passwords.hash(password);
    await withTransaction(this.db, async (m) => {
      const now = new Date();
      // Claimed with a condition: of two simultaneous uses, only one finds it unused.
      const claimed = await m.update(PasswordResetToken, { id: row.id, usedAt: IsNull() }, { usedAt: now, updatedAt: now });
      if (claimed.affected !== 1) throw new BadRequestException(INVALID_RESET_LINK);
      const target = row.accountType === 'user' ? User : Cliente;
      const changed = await m.update(target, { id: row.accountId }, { passwordHash, passwordChangedAt: passwordChangedNow(), updatedAt: now });
      if (changed.affected !== 1) throw new BadRequestException(INVALID_RESET_LINK);
      // The trail (issue 16): the account itself changed its password, by a link; never the hash.
      const kind = row.accountType === 'user' ? 'user' : 'cliente';
      await appendAudit(m, {
        acao: `${kind === 'user' ? 'usuario' : 'cliente'}.senha.redefinicao`,
        entidade: kind === 'user' ? 'users' : 'clientes',
        entidadeId: row.accountId,
        ator: { kind, id: row.accountId },
        diff: { passwordHash: [REDACTED, REDACTED], via: [null, 'link de recuperação'] },
      });
      await m.delete(PasswordResetToken, { accountType: row.accountType, accountId: row.accountId, id: Not(row.id) });
    });
    this.logger.log(`Senha redefinida por link de recuperação (${row.accountType} ${row.accountId}).`);
  }

  private async issue(email: string): Promise<void> {
    // Expired links are of no use to anyone: tidy up on the way.
    await this.tokens.delete({ expiresAt: LessThan(new Date()) });
    if (await this.perEmail.hit(email)) {
      this.logger.warn(`Redefinição de senha: limite de e-mails por hora atingido para ${email}; nada enviado.`);
      return;
    }
    for (const account of await this.accountsFor(email)) await this.sendLink(account);
  }

  /**
   * Staff send a client its reset link (issue 9: only the board sets a client's password; anyone
   * else sends this). The link goes to the client's own login address; the same hourly limit per
   * address as the public request applies, but staff are told when it is reached.
   */
  async sendClienteLink(clienteId: string): Promise<void> {
    const cliente = await this.clientes.findOne({ where: { id: clienteId }, select: { id: true, email: true, razaoSocial: true, status: true } });
    if (!cliente) throw new NotFoundException(RESET_CLIENTE_NOT_FOUND);
    if (cliente.status !== 'ativo') throw new ConflictException(RESET_CLIENTE_INATIVO);
    const wait = await this.perEmail.hit(cliente.email);
    if (wait) {
      throw new HttpException(
        `Já foram enviados links demais para este e-mail na última hora. Aguarde ${waitMinutesText(wait)} e tente novamente.`,
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
    await this.tokens.delete({ expiresAt: LessThan(new Date()) });
    await this.sendLink({ type: 'cliente', id: cliente.id, email: cliente.email, name: cliente.razaoSocial });
    this.logger.log(`Link de redefinição de senha enviado pela equipe ao cliente ${cliente.id}.`);
  }

  private async sendLink(account: Account): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    await this.tokens.insert(
      this.tokens.create({
        tokenHash: hashResetToken(token),
        accountType: account.type,
        accountId: account.id,
        expiresAt: new Date(Date.now() + RESET_TTL_MS),
        usedAt: null,
      }),
    );
    const link = `${this.config.firm.siteUrl}/redefinir-senha?token=${token}`;
    await this.mail.enqueue({ to: [account.email], ...resetMail(this.config.firm.brandName, account, link) });
  }

  /** Staff and active client companies with that login e-mail (an inactive client cannot sign in). */
  private async accountsFor(email: string): Promise<Account[]> {
    const [user, cliente] = await Promise.all([
      this.users.findOne({ where: { email }, select: { id: true, email: true, nomeCompleto: true } }),
      this.clientes.findOne({ where: { email, status: 'ativo' }, select: { id: true, email: true, razaoSocial: true } }),
    ]);
    const found: Account[] = [];
    if (user) found.push({ type: 'user', id: user.id, email: user.email, name: user.nomeCompleto });
    if (cliente) found.push({ type: 'cliente', id: cliente.id, email: cliente.email, name: cliente.razaoSocial });
    return found;
  }
}

/** Subject and bodies of the recovery e-mail (pt-BR; values escaped in the HTML). */
export function resetMail(brand: string, account: Account, link: string): { subject: string; html: string; text: string } {
  const area = account.type === 'user' ? 'ao painel da equipe' : 'à área do cliente';
  const e = escapeHtml;
  const closing =
    'O link vale por 1 hora e pode ser usado uma única vez. Se você não pediu a redefinição, ignore este e-mail: a sua senha continua a mesma.';
  return {
    subject: `Redefinição de senha — ${brand}`,
    html: [
      `<p>Olá, ${e(account.name)}!</p>`,
      `<p>Recebemos um pedido para redefinir a senha de acesso ${area} com este e-mail.</p>`,
      `<p><a href="${e(link)}">Redefinir minha senha</a></p>`,
      `<p>Se o botão não funcionar, copie e cole este endereço no navegador:<br>${e(link)}</p>`,
      `<p>${closing}</p>`,
      `<p>${e(brand)}</p>`,
    ].join('\n'),
    text: [
      `Olá, ${account.name}!`,
      '',
      `Recebemos um pedido para redefinir a senha de acesso ${area} com este e-mail.`,
      '',
      `Para escolher uma nova senha, abra: ${link}`,
      '',
      closing,
      '',
      brand,
    ].join('\n'),
  };
}
