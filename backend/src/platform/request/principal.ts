import type { Principal, UserType } from '@veritas/common';

/** Who is calling, as resolved from the token and the database on every request. */
export type AuthPrincipal =
  | (Principal & { role: 'user'; id: string; userType: UserType; permissions: readonly string[]; email: string })
  | (Principal & { role: 'cliente'; id: string; email: string });

export interface TokenPayload {
  sub: string;
  role: 'user' | 'cliente';
  /** The session's id (issue 54): "Sair" revokes it (RevokedSessions). Absent from tokens issued before. */
  sid?: string;
  /** The account's sessions' version when issued: a password or permission change moves past it. */
  tv?: number;
}
