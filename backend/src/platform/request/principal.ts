import type { MembroPrincipal, Principal, UserType } from '@veritas/common';

/** Who is calling, as resolved from the token and the database on every request. */
export type AuthPrincipal =
  | (Principal & { role: 'user'; id: string; userType: UserType; permissions: readonly string[]; email: string })
  /** A client company (`id`) acting through one of its members (issue 54, ADR 0058): who, in which role, may do what. */
  | (Principal & { role: 'cliente'; id: string; email: string; membro?: MembroPrincipal });

export interface TokenPayload {
  sub: string;
  role: 'user' | 'cliente';
  /** The session's id (issue 54): "Sair" revokes it (RevokedSessions). Absent from tokens issued before. */
  sid?: string;
  /** The account's sessions' version when issued: a password or permission change moves past it. */
  tv?: number;
  /** A client's member (issue 54): `sub` is the company, `mid` the person signed in. */
  mid?: string;
}
