import { createSecretKey } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { deriveUserType } from '@veritas/common';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { Cliente } from '../clientes/entities/cliente.entity';
import { APP_CONFIG, AppConfig } from '../config/config';
import { DataVersions } from '../database/data-versions';
import { ReadPool } from '../database/read-pool';
import { ByKeyRun, rowById } from '../database/row-by-id';
import { User } from '../users/entities/user.entity';
import type { AuthPrincipal, TokenPayload } from './principal';
import { installKeptVerifier } from './verified-tokens';

// A token verified once is not verified again while it lasts (verified-tokens.ts).
installKeptVerifier();

/**
 * The token says who and which role; the database says what they may do now. A demoted user or
 * an inactivated client loses access at once, without waiting for the token to expire.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly reads: ReadPool,
    private readonly versions: DataVersions,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A KeyObject made once: given the string, jsonwebtoken first tries to parse it as a PEM public
      // key on every request and throws (12 % of a list request's CPU in the profile, issue 14).
      secretOrKey: createSecretKey(Buffer.from(config.jwtSecret, 'utf8')) as unknown as Buffer,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  private readonly point: ByKeyRun = (head, key, keyColumn) => this.reads.pointByKey(head, key, keyColumn);

  async validate(payload: TokenPayload & { iat?: number }): Promise<AuthPrincipal | false> {
    if (typeof payload?.sub !== 'string') return false;
    // A GET's check reads the data versions too, for its caches (DataVersions.requestVersionsColumn).
    const versions = this.versions.requestVersionsColumn();
    if (payload.role === 'user') {
      // On every authenticated request: a point read of the read pool (on SQLite the main thread's read-only
      // connection, not the writer; on MySQL/MariaDB one statement for the requests that ask at the same
      // time), in plain SQL (rowById).
      const user = await rowById(this.reads.manager, User, payload.sub, ['id', 'email', 'permissions', 'passwordChangedAt'], this.point, versions);
      if (!user || issuedBefore(payload, user.passwordChangedAt)) return false;
      if (versions) this.versions.noteRequestVersions(user.extra);
      // The user type and the permissions list both decide (packages/common/src/access.ts).
      const permissions = Array.isArray(user.permissions) ? user.permissions : [];
      return { role: 'user', id: user.id, email: user.email, userType: deriveUserType(permissions) ?? 'associado', permissions };
    }
    if (payload.role === 'cliente') {
      const cliente = await rowById(this.reads.manager, Cliente, payload.sub, ['id', 'email', 'status', 'passwordChangedAt'], this.point, versions);
      if (!cliente || cliente.status !== 'ativo' || issuedBefore(payload, cliente.passwordChangedAt)) return false;
      if (versions) this.versions.noteRequestVersions(cliente.extra);
      return { role: 'cliente', id: cliente.id, email: cliente.email };
    }
    return false;
  }
}

/**
 * A token issued before the last password change is dead: changing or resetting a password ends
 * every other session. Compared in whole seconds (a token's iat), so the session that made the
 * change within the same second survives.
 */
function issuedBefore(payload: { iat?: number }, changedAt: Date | null | undefined): boolean {
  if (!changedAt) return false;
  if (typeof payload.iat !== 'number') return true;
  return payload.iat < Math.floor(new Date(changedAt).getTime() / 1000);
}
