import { Injectable } from '@nestjs/common';
import { capacidadesDe, deriveUserType } from '@veritas/common';
import { Cliente, ClienteMembro } from '../clientes';
import { ReadSide } from '../platform/read-side';
import { User } from '../users';
import type { AuthPrincipal, TokenPayload } from '../platform/request';

/**
 * The token says who and which role; the database says what they may do now. A demoted user or
 * an inactivated client loses access at once, without waiting for the token to expire.
 */
@Injectable()
export class Principals {
  constructor(private readonly reads: ReadSide) {}

  /** Who a verified token names, as the database says now; false when nobody may act with it. */
  async fromToken(payload: TokenPayload & { iat?: number }): Promise<AuthPrincipal | false> {
    if (typeof payload?.sub !== 'string') return false;
    // On every authenticated request: a point read of the read pool (on SQLite the main thread's read-only
    // connection, not the writer; on MySQL/MariaDB one statement for the requests that ask at the same time),
    // in plain SQL; a GET's statement also reads the data versions for its caches (ReadSide.signedInRow).
    if (payload.role === 'user') {
      const user = await this.reads.signedInRow(User, payload.sub, ['id', 'email', 'permissions', 'passwordChangedAt', 'tokenVersion']);
      if (!user || issuedBefore(payload, user.passwordChangedAt) || ended(payload, user.tokenVersion)) return false;
      // The user type and the permissions list both decide (packages/common/src/access.ts).
      const permissions = Array.isArray(user.permissions) ? user.permissions : [];
      return { role: 'user', id: user.id, email: user.email, userType: deriveUserType(permissions) ?? 'associado', permissions };
    }
    if (payload.role === 'cliente') {
      // The member signed in (issue 54, ADR 0058) and its company, which must still be active; a token
      // from before members (no `mid`) is refused: its holder signs in again.
      if (typeof payload.mid !== 'string') return false;
      const [membro, cliente] = await Promise.all([
        this.reads.signedInRow(ClienteMembro, payload.mid, ['id', 'clienteId', 'nome', 'email', 'papel', 'capacidades', 'status', 'passwordChangedAt', 'tokenVersion']),
        this.reads.signedInRow(Cliente, payload.sub, ['id', 'status']),
      ]);
      if (!membro || !cliente || membro.clienteId !== cliente.id || membro.status !== 'ativo' || cliente.status !== 'ativo') return false;
      if (issuedBefore(payload, membro.passwordChangedAt) || ended(payload, membro.tokenVersion)) return false;
      return {
        role: 'cliente',
        id: cliente.id,
        email: membro.email,
        membro: { id: membro.id, nome: membro.nome, papel: membro.papel, capacidades: capacidadesDe(membro.papel, membro.capacidades) },
      };
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

/**
 * A token issued under an older sessions' version is dead (issue 54): "Sair de todos os dispositivos",
 * a password change and a staff member's permission change add one to the account's version.
 */
function ended(payload: { tv?: number }, tokenVersion: number | null | undefined): boolean {
  return (payload.tv ?? 0) !== Number(tokenVersion ?? 0);
}
