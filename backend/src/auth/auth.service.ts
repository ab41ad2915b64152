import { Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
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
    if (!account || !ok) throw new UnauthorizedException(INVALID_LOGIN);
    await this.throttle.succeeded(ip, email);
    afterPassword?.(account);
    const payload: TokenPayload = { sub: account.id, role };
    return { token: await this.jwt.signAsync(payload), account };
  }
}
