import { CanActivate, ExecutionContext, ForbiddenException, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { Action, autorMembro, can, type Capacidade, clienteOf, membroOf, SEM_CAPACIDADE, temCapacidade } from '@veritas/common';
import { ACCESS_KEY, type AuthPrincipal, CAPACIDADE_KEY, PUBLIC_KEY, setActor } from '../platform/request';
import { Principals } from './principals';
import { RevokedSessions } from './revoked-sessions';
import { VerifiedTokens } from './verified-tokens';

export const NO_TOKEN_MESSAGE = 'Token de autenticação não encontrado';
export const BAD_TOKEN_MESSAGE = 'Sessão inválida ou expirada. Faça login novamente.';

/** `Authorization: Bearer <token>` (the scheme in any case). */
const BEARER = /^bearer\s+(\S+)\s*$/i;

/** The token of an `Authorization: Bearer` header, if it is one. */
export const bearerToken = (header: string | undefined): string | undefined => (header ? BEARER.exec(header)?.[1] : undefined);

/**
 * Global guard, secure by default: a route is reachable only if it is @Public() or declares who
 * may call it with @Allow(...). A route that declares nothing is refused (and the route-walking
 * test fails), so forgetting a rule closes a door instead of opening one.
 *
 * The caller is the bearer token's: its signature checked (VerifiedTokens), then who it names read
 * from the database (Principals); the principal goes on the request for @CurrentPrincipal().
 */
@Injectable()
export class AccessGuard implements CanActivate {
  private readonly logger = new Logger(AccessGuard.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: VerifiedTokens,
    private readonly principals: Principals,
    private readonly revoked: RevokedSessions,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;

    const req = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthPrincipal }>();
    const actions = this.reflector.getAllAndOverride<Action[] | undefined>(ACCESS_KEY, targets);
    if (!actions?.length) {
      this.logger.error(`Rota sem regra de acesso: ${req.method} ${req.routeOptions.url ?? req.url}`);
      throw new ForbiddenException();
    }

    const principal = await this.authenticate(req.headers.authorization);
    req.user = principal;
    const membro = membroOf(principal);
    setActor({ kind: principal.role, id: principal.id, email: principal.email, ...(membro ? { nome: autorMembro(membro) } : {}) });
    if (!actions.some((action) => can(principal, action))) throw new ForbiddenException();
    // A client's member may be narrower than its company (ADR 0058): the route's capacity, if any.
    const capacidade = this.reflector.getAllAndOverride<Capacidade | undefined>(CAPACIDADE_KEY, targets);
    if (capacidade && clienteOf(principal) && !temCapacidade(membro, capacidade)) throw new ForbiddenException(SEM_CAPACIDADE[capacidade]);
    return true;
  }

  private async authenticate(header: string | undefined): Promise<AuthPrincipal> {
    if (!header) throw new UnauthorizedException(NO_TOKEN_MESSAGE);
    const token = bearerToken(header);
    const payload = token ? this.tokens.verify(token) : null;
    if (!payload) throw new UnauthorizedException(BAD_TOKEN_MESSAGE);
    // Who it names, and whether its session was ended with "Sair" (on every replica: RevokedSessions).
    const [principal, revoked] = await Promise.all([this.principals.fromToken(payload), payload.sid ? this.revoked.isRevoked(payload.sid) : false]);
    if (!principal || revoked) throw new UnauthorizedException(BAD_TOKEN_MESSAGE);
    return principal;
  }
}
