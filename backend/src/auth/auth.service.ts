import { Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { recordAudit } from '../auditoria/audit-log';
import { setActor } from '../common/request-context';
import { LoginThrottleService } from './login-throttle.service';
import { PasswordService } from './password.service';
import type { TokenPayload } from './principal';

export const INVALID_LOGIN = 'Email ou senha inválidos.';

/**
 * Sign-in shared by staff and clients: throttling, constant-time-ish password check, token.
 * The caller says where the account lives and what else must hold (an active client).
 */
@Injectable()
export class AuthService {
  constructor(
    private readonly jwt: JwtService,
    private readonly passwords: PasswordService,
    private readonly throttle: LoginThrottleService,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  async signIn<T extends { id: string; passwordHash: string }>(
    ip: string,
    email: string,
    password: string,
    role: TokenPayload['role'],
    find: (email: string) => Promise<T | null>,
    afterPassword?: (account: T) => void,
  ): Promise<{ token: string; account: T }> {
    // Reserved before the slow hash, so simultaneous guesses cannot all pass the check; a wrong
    // password keeps the reservation as the failure.
    await this.throttle.reserve(ip, email);
    const account = await find(email);
    const ok = await this.passwords.verify(account?.passwordHash, password);
    // The trail (issue 16): a failure names the account tried (if any) and the address typed.
    const failed = (motivo: string) =>
      recordAudit(this.ds, { acao: 'login.falha', entidade: 'sessao', entidadeId: account?.id ?? null, ator: { kind: role, id: account?.id ?? null, email: email.slice(0, 254) }, diff: { motivo: [null, motivo], perfil: [null, role] } });
    if (!account || !ok) {
      await failed(account ? 'senha incorreta' : 'e-mail não cadastrado');
      throw new UnauthorizedException(INVALID_LOGIN);
    }
    await this.throttle.succeeded(ip, email);
    try {
      afterPassword?.(account);
    } catch (err) {
      await failed((err as Error).message);
      throw err;
    }
    setActor({ kind: role, id: account.id, email });
    await recordAudit(this.ds, { acao: 'login.ok', entidade: 'sessao', entidadeId: account.id, diff: { perfil: [null, role] } });
    const payload: TokenPayload = { sub: account.id, role };
    return { token: await this.jwt.signAsync(payload), account };
  }
}
