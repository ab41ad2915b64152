import { randomUUID } from 'node:crypto';
import { ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { autorMembro } from '@veritas/common';
import { recordAudit } from '../auditoria';
import { setActor, type TokenPayload } from '../platform/request';
import { Cliente, CLIENTE_INATIVO, ClienteMembro } from '../clientes';
import { User } from '../users';
import { LoginThrottleService } from './login-throttle.service';
import { PasswordService } from '../platform/passwords';

export const INVALID_LOGIN = 'Email ou senha inválidos.';

type Account = { id: string; passwordHash: string | null; tokenVersion?: number };

/** A member's login (issue 54, ADR 0058): the member's id and password, signing in for its company. */
export type MembroLogin = Account & { membro: ClienteMembro; cliente: Cliente };

/** Where an account lives and what else must hold once its password is right (an active client). */
interface Candidate<T extends Account> {
  role: TokenPayload['role'];
  find: (email: string) => Promise<T | null>;
  afterPassword?: (account: T) => void;
}

/** Who signed in: the staff member or the client company, with its token. */
export type SignedIn = { role: 'user'; token: string; account: User } | { role: 'cliente'; token: string; account: MembroLogin };

/**
 * Sign-in shared by staff and clients: throttling, constant-time-ish password check, token.
 * `signIn` asks one kind of account (the old per-role routes); `signInAnyone` decides by the e-mail
 * (issue 54: /login's one endpoint), the attempt counting once whatever it finds.
 */
@Injectable()
export class AuthService {
  constructor(
    private readonly jwt: JwtService,
    private readonly passwords: PasswordService,
    private readonly throttle: LoginThrottleService,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  /** The staff member with this e-mail, else the client's member with it: one attempt either way. */
  async signInAnyone(ip: string, email: string, password: string): Promise<SignedIn> {
    const staff: Candidate<User> = { role: 'user', find: (e) => this.ds.getRepository(User).findOne({ where: { email: e } }) };
    return (await this.attempt(ip, email, password, [staff, this.membroCandidate()] as unknown as Candidate<Account>[])) as SignedIn;
  }

  /** POST /api/clientes/login: a client's member only. */
  async signInMembro(ip: string, email: string, password: string): Promise<{ token: string; account: MembroLogin }> {
    const { token, account } = await this.attempt(ip, email, password, [this.membroCandidate() as unknown as Candidate<Account>]);
    return { token, account: account as MembroLogin };
  }

  /** An active member (an invited one has no password yet) of a company that must be active once the password is right. */
  private membroCandidate(): Candidate<MembroLogin> {
    return {
      role: 'cliente',
      find: async (e) => {
        const membro = await this.ds.getRepository(ClienteMembro).findOne({ where: { email: e, status: 'ativo' } });
        const cliente = membro ? await this.ds.getRepository(Cliente).findOne({ where: { id: membro.clienteId } }) : null;
        return membro && cliente ? { id: membro.id, passwordHash: membro.passwordHash, tokenVersion: membro.tokenVersion, membro, cliente } : null;
      },
      afterPassword: (login) => {
        if (login.cliente.status !== 'ativo') throw new ForbiddenException(CLIENTE_INATIVO);
      },
    };
  }

  /** A fresh token for a session of `account`: its own `sid` and the account's sessions' version; a member's names its company (`sub`) and itself (`mid`). */
  issue(role: TokenPayload['role'], account: { id: string; tokenVersion?: number; membro?: ClienteMembro }): Promise<string> {
    const payload: TokenPayload = account.membro
      ? { sub: account.membro.clienteId, mid: account.membro.id, role, sid: randomUUID(), tv: account.tokenVersion ?? 0 }
      : { sub: account.id, role, sid: randomUUID(), tv: account.tokenVersion ?? 0 };
    return this.jwt.signAsync(payload);
  }

  private async attempt(ip: string, email: string, password: string, candidates: Candidate<Account>[]): Promise<{ role: TokenPayload['role']; token: string; account: Account }> {
    // Reserved before the slow hash, so simultaneous guesses cannot all pass the check; a wrong
    // password keeps the reservation as the failure.
    await this.throttle.reserve(ip, email);
    const found = (await Promise.all(candidates.map((c) => c.find(email)))).map((account, i) => ({ candidate: candidates[i], account }));
    const existing = found.filter((f) => f.account);
    // The same work whether or not the e-mail exists (a dummy hash when nobody has it).
    let match: (typeof found)[number] | undefined;
    if (!existing.length) await this.passwords.verify(undefined, password);
    for (const f of existing) {
      if (await this.passwords.verify(f.account!.passwordHash ?? undefined, password)) {
        match = f;
        break;
      }
    }
    const tried = match ?? existing[0] ?? found[0];
    const role = tried.candidate.role;
    const account = tried.account;
    // The trail (issue 16): a failure names the account tried (if any) and the address typed.
    const failed = (motivo: string) =>
      recordAudit(this.ds, { acao: 'login.falha', entidade: 'sessao', entidadeId: account?.id ?? null, ator: { kind: role, id: account?.id ?? null, email: email.slice(0, 254) }, diff: { motivo: [null, motivo], perfil: [null, role] } });
    if (!match || !account) {
      await failed(account ? 'senha incorreta' : 'e-mail não cadastrado');
      throw new UnauthorizedException(INVALID_LOGIN);
    }
    await this.throttle.succeeded(ip, email);
    try {
      match.candidate.afterPassword?.(account);
    } catch (err) {
      await failed((err as Error).message);
      throw err;
    }
    const membro = (account as Partial<MembroLogin>).membro;
    setActor(membro ? { kind: role, id: membro.clienteId, email, nome: autorMembro(membro) } : { kind: role, id: account.id, email });
    await recordAudit(this.ds, { acao: 'login.ok', entidade: 'sessao', entidadeId: account.id, diff: { perfil: [null, role] } });
    return { role, token: await this.issue(role, account), account };
  }
}
