import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { recordAudit } from '../auditoria';
import { ClienteMembro } from '../clientes';
import { User } from '../users';
import { bearerToken } from './access.guard';
import { RevokedSessions } from './revoked-sessions';
import { VerifiedTokens } from './verified-tokens';
import type { AuthPrincipal } from '../platform/request';

/**
 * Adds one to an account's sessions' version, in the caller's transaction: every token issued before
 * (and, for staff, the agenda feed made before) is refused from then on (Principals, AgendaFeedService).
 */
export async function endSessionsOf(m: EntityManager | DataSource, role: 'user' | 'membro', id: string): Promise<void> {
  await m.getRepository(role === 'user' ? User : ClienteMembro).increment({ id }, 'tokenVersion', 1);
}

/** The account whose sessions a principal's token belongs to: the staff member, or the client's member (ADR 0058). */
function accountOf(principal: AuthPrincipal): ['user' | 'membro', string] {
  return principal.role === 'cliente' && principal.membro ? ['membro', principal.membro.id] : ['user', principal.id];
}

/** "Sair" and "Sair de todos os dispositivos" (issue 54). */
@Injectable()
export class Sessions {
  constructor(
    private readonly tokens: VerifiedTokens,
    private readonly revoked: RevokedSessions,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  /** Ends the session whose token is in `authorization` (already admitted by the guard). */
  async end(principal: AuthPrincipal, authorization: string): Promise<void> {
    const token = bearerToken(authorization);
    const payload = token ? this.tokens.verify(token) : null;
    if (payload?.sid && typeof payload.exp === 'number') await this.revoked.revoke(payload.sid, payload.exp);
    // A token from before sessions had ids cannot be named alone: its account's sessions all end.
    else await endSessionsOf(this.ds, ...accountOf(principal));
    await recordAudit(this.ds, { acao: 'logout', entidade: 'sessao', entidadeId: principal.id, diff: { perfil: [null, principal.role] } });
  }

  /** Ends every session of the caller's account. */
  async endAll(principal: AuthPrincipal): Promise<void> {
    await endSessionsOf(this.ds, ...accountOf(principal));
    await recordAudit(this.ds, { acao: 'logout.todos', entidade: 'sessao', entidadeId: principal.id, diff: { perfil: [null, principal.role] } });
  }
}
