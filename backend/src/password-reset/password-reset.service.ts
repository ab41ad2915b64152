import { BadRequestException, ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, LessThan, Not, Repository } from 'typeorm';
import { passwordChangedNow, PasswordService } from '../platform/passwords';
import { Cliente, ClienteMembro, loginPrincipal } from '../clientes';
import { Limits } from '../platform/limits';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { MailService } from '../mail';
import { User } from '../users';
import { LoginThrottleService } from '../auth';
import { endSessionsOf } from '../auth';
import { INVALID_RESET_LINK } from './dto/password-reset.dto';
import { PasswordResetToken, ResetAccountType } from './entities/password-reset-token.entity';
import { withTransaction } from '../platform/database';
import { appendAudit, REDACTED } from '../auditoria';
import { EmailRecuperacaoService } from './email-recuperacao.service';
import { hashResetToken, newLinkToken } from './reset-token';
import { linkMail } from './link-mail';
import { isFirmDomainEmail } from '@veritas/common';

export const RESET_REQUESTED_MESSAGE =
  'Se o e-mail informado estiver cadastrado, você receberá em instantes um link para redefinir a sua senha. O link vale por 1 hora.';
export const RESET_DONE_MESSAGE = 'Senha redefinida com sucesso! Faça login com a nova senha.';
export const RESET_TTL_MS = 3_600_000;
export const RESET_SENT_TO_CLIENTE = 'Link de redefinição de senha enviado para o e-mail de acesso do cliente. O link vale por 1 hora.';
export const RESET_CLIENTE_INATIVO = 'O cliente está inativo e não pode entrar: reative-o antes de enviar o link de redefinição de senha.';
export const RESET_CLIENTE_NOT_FOUND = 'Cliente não encontrado.';

export const RESET_REQUESTED_STAFF_MESSAGE =
  'Se o e-mail informado for de uma conta da equipe com e-mail de recuperação confirmado, o link para redefinir a senha foi enviado ' +
  'para esse e-mail de recuperação (vale por 1 hora). Sem e-mail de recuperação confirmado, peça à diretoria que envie um link de redefinição pelo painel.';
export const RESET_SENT_TO_USER = 'Link de redefinição de senha enviado para o e-mail de recuperação confirmado do usuário. O link vale por 1 hora.';
export const RESET_USER_NOT_FOUND = 'Usuário não encontrado.';
export const RESET_USER_SEM_RECUPERACAO =
  'Este usuário não tem e-mail de recuperação confirmado: o link não tem para onde ir (a caixa do painel só abre depois de entrar). ' +
  'Defina uma senha provisória em Editar e peça que ele cadastre um e-mail de recuperação em Minha conta.';

export { hashResetToken };

interface Account {
  type: ResetAccountType;
  id: string;
  /** The login e-mail. */
  email: string;
  name: string;
  /** Where the link goes: the login e-mail, or a staff member's confirmed recovery e-mail. */
  to: string;
  /** A client's member (ADR 0058): its company, whose outbox row and trail the link is filed under. */
  clienteId?: string;
}

/**
 * Password recovery for staff and clients. The request answers the same thing, at the same speed,
 * whether or not the e-mail is registered: the lookup and the mail happen after the answer. Links
 * carry a random token of which only the SHA-256 is stored; one use, one hour.
 */
@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger(PasswordResetService.name);
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(PasswordResetToken) private readonly tokens: Repository<PasswordResetToken>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(Cliente) private readonly clientes: Repository<Cliente>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly passwords: PasswordService,
    private readonly mail: MailService,
    private readonly limits: Limits,
    private readonly throttle: LoginThrottleService,
    private readonly recovery: EmailRecuperacaoService,
  ) {}

  /**
   * The answer to a request (ADR 0048): it depends only on the address typed, never on the accounts.
   * An address on the firm's domain can only be a staff login, whose link goes to a confirmed
   * recovery e-mail or nowhere; its answer says so, for every such address alike.
   */
  requestMessage(email: string): string {
    return isFirmDomainEmail(email, this.config.mailDomain) ? RESET_REQUESTED_STAFF_MESSAGE : RESET_REQUESTED_MESSAGE;
  }

  /**
   * Everything about the e-mail happens in the background; the route refuses only for the caller's
   * IP (@RateLimit('recuperar-senha')).
   */
  async request(email: string): Promise<void> {
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
   * Whether a link can still be used (issue 58: the page refuses a spent or expired link at once).
   * Says nothing of the account: a valid token was mailed to its owner, who already knows it.
   */
  async isUsable(token: string): Promise<boolean> {
    const row = await this.tokens.findOne({ where: { tokenHash: hashResetToken(token) } });
    return !!row && !row.usedAt && row.expiresAt.getTime() > Date.now();
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
      // A client's link names its member (ADR 0058: the login moved into cliente_membros, same ids for the migrated ones).
      const target = row.accountType === 'user' ? User : ClienteMembro;
      const changed = await m.update(target, { id: row.accountId }, { passwordHash, passwordChangedAt: passwordChangedNow(), updatedAt: now });
      if (changed.affected !== 1) throw new BadRequestException(INVALID_RESET_LINK);
      await endSessionsOf(m, row.accountType === 'user' ? 'user' : 'membro', row.accountId);
      // The trail (issue 16): the account itself changed its password, by a link; never the hash.
      const kind = row.accountType === 'user' ? 'user' : 'cliente';
      const clienteId = kind === 'cliente' ? (await m.findOne(ClienteMembro, { where: { id: row.accountId }, select: { id: true, clienteId: true } }))?.clienteId ?? row.accountId : row.accountId;
      await appendAudit(m, {
        acao: `${kind === 'user' ? 'usuario' : 'cliente'}.senha.redefinicao`,
        entidade: kind === 'user' ? 'users' : 'clientes',
        entidadeId: clienteId,
        ator: { kind, id: clienteId },
        diff: { passwordHash: [REDACTED, REDACTED], via: [null, 'link de recuperação'] },
      });
      await m.delete(PasswordResetToken, { accountType: row.accountType, accountId: row.accountId, id: Not(row.id) });
    });
    this.logger.log(`Senha redefinida por link de recuperação (${row.accountType} ${row.accountId}).`);
    // The owner opened the account: a sign-in delay left by a guesser's failures ends with it (issue 54).
    const account = await (row.accountType === 'user' ? this.users : this.db.getRepository(ClienteMembro)).findOne({ where: { id: row.accountId }, select: { id: true, email: true } });
    if (account) await this.throttle.forgive(account.email);
  }

  private async issue(email: string): Promise<void> {
    // Expired links are of no use to anyone: tidy up on the way.
    await this.tokens.delete({ expiresAt: LessThan(new Date()) });
    if (await this.limits.wait('recuperar-senha-email', email)) {
      this.logger.warn(`Redefinição de senha: limite de e-mails por hora atingido para ${email}; nada enviado.`);
      return;
    }
    for (const account of await this.accountsFor(email)) await this.sendLink(account);
  }

  /**
   * The board's "Enviar link de redefinição" (issue 53): to the user's confirmed recovery e-mail,
   * never into the panel's mailbox; refused (409) without one. Audited, the actor the caller.
   */
  async sendUserLink(userId: string): Promise<void> {
    const user = await this.users.findOne({ where: { id: userId }, select: { id: true, email: true, nomeCompleto: true } });
    if (!user) throw new NotFoundException(RESET_USER_NOT_FOUND);
    const to = await this.recovery.confirmedAddress(user.id);
    if (!to) throw new ConflictException(RESET_USER_SEM_RECUPERACAO);
    await this.limits.hit('recuperar-senha-email', user.email);
    await this.tokens.delete({ expiresAt: LessThan(new Date()) });
    await withTransaction(this.db, (m) =>
      appendAudit(m, { acao: 'usuario.senha.link-enviado', entidade: 'users', entidadeId: user.id, diff: { linkDeRedefinicao: [null, to] } }),
    );
    await this.sendLink({ type: 'user', id: user.id, email: user.email, name: user.nomeCompleto, to });
    this.logger.log(`Link de redefinição de senha enviado pela diretoria ao usuário ${user.id}.`);
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
    // The company's own login (ADR 0058); its other members ask for their links themselves.
    const membro = await loginPrincipal(this.db, cliente);
    if (!membro || membro.status !== 'ativo') throw new NotFoundException(RESET_CLIENTE_NOT_FOUND);
    await this.limits.hit('recuperar-senha-email', membro.email);
    await this.tokens.delete({ expiresAt: LessThan(new Date()) });
    // The trail (issue 55): who on the staff sent a link, to which client and address; the actor is the caller.
    await withTransaction(this.db, (m) =>
      appendAudit(m, { acao: 'cliente.senha.link-enviado', entidade: 'clientes', entidadeId: cliente.id, diff: { linkDeRedefinicao: [null, membro.email] } }),
    );
    await this.sendLink({ type: 'cliente', id: membro.id, clienteId: cliente.id, email: membro.email, name: membro.nome, to: membro.email });
    this.logger.log(`Link de redefinição de senha enviado pela equipe ao cliente ${cliente.id}.`);
  }

  private async sendLink(account: Account): Promise<void> {
    const token = newLinkToken();
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
    await this.mail.enqueue({
      to: [account.to],
      ...resetMail(this.config.firm.brandName, account, link),
      evento: 'senha.redefinicao',
      ...(account.type === 'cliente' ? { cliente: { id: account.clienteId ?? account.id, evento: 'senha.redefinicao' } } : {}),
    });
  }

  /**
   * Staff and active client companies with that login e-mail (an inactive client cannot sign in).
   * A staff member's link goes to their confirmed recovery e-mail; with none, nowhere (ADR 0048).
   */
  private async accountsFor(email: string): Promise<Account[]> {
    const [user, membro] = await Promise.all([
      this.users.findOne({ where: { email }, select: { id: true, email: true, nomeCompleto: true } }),
      this.db.getRepository(ClienteMembro).findOne({ where: { email, status: 'ativo' }, select: { id: true, email: true, nome: true, clienteId: true } }),
    ]);
    // A member of an active company only (an inactive company cannot sign in).
    const cliente = membro && (await this.clientes.exists({ where: { id: membro.clienteId, status: 'ativo' } })) ? membro : null;
    const found: Account[] = [];
    const to = user ? await this.recovery.confirmedAddress(user.id) : null;
    if (user && to) found.push({ type: 'user', id: user.id, email: user.email, name: user.nomeCompleto, to });
    else if (user) this.logger.warn(`Redefinição de senha pedida para o usuário ${user.id}, sem e-mail de recuperação confirmado: nada enviado.`);
    if (cliente) found.push({ type: 'cliente', id: cliente.id, clienteId: cliente.clienteId, email: cliente.email, name: cliente.nome, to: cliente.email });
    return found;
  }
}

/** Subject and bodies of the recovery e-mail (pt-BR; values escaped in the HTML). */
export function resetMail(brand: string, account: Account, link: string): { subject: string; html: string; text: string } {
  const area = account.type === 'user' ? 'ao painel da equipe' : 'à área do cliente';
  // A staff link goes to the recovery e-mail: say which login it is for.
  const which = account.to === account.email ? 'com este e-mail' : `da conta ${account.email}`;
  return {
    subject: `Redefinição de senha — ${brand}`,
    ...linkMail({
      brand,
      nome: account.name,
      intro: `Recebemos um pedido para redefinir a senha de acesso ${area} ${which}.`,
      button: 'Redefinir minha senha',
      cue: 'Para escolher uma nova senha, abra:',
      link,
      closing: 'O link vale por 1 hora e pode ser usado uma única vez. Se você não pediu a redefinição, ignore este e-mail: a sua senha continua a mesma.',
    }),
  };
}
