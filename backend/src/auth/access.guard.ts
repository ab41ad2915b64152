import { ExecutionContext, ForbiddenException, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { Action, can } from '@veritas/common';
import { setActor } from '../common/request-context';
import { ACCESS_KEY, PUBLIC_KEY } from './access.decorator';
import type { AuthPrincipal } from './principal';

export const NO_TOKEN_MESSAGE = 'Token de autenticação não encontrado';
export const BAD_TOKEN_MESSAGE = 'Sessão inválida ou expirada. Faça login novamente.';

/**
 * Global guard, secure by default: a route is reachable only if it is @Public() or declares who
 * may call it with @Allow(...). A route that declares nothing is refused (and the route-walking
 * test fails), so forgetting a rule closes a door instead of opening one.
 */
@Injectable()
export class AccessGuard extends AuthGuard('jwt') {
  private readonly logger = new Logger(AccessGuard.name);

  constructor(private readonly reflector: Reflector) {
    super();
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;

    const actions = this.reflector.getAllAndOverride<Action[] | undefined>(ACCESS_KEY, targets);
    if (!actions?.length) {
      const req = context.switchToHttp().getRequest();
      this.logger.error(`Rota sem regra de acesso: ${req.method} ${req.route?.path ?? req.url}`);
      throw new ForbiddenException();
    }

    await super.canActivate(context);
    const principal = context.switchToHttp().getRequest().user as AuthPrincipal;
    setActor({ kind: principal.role, id: principal.id, email: principal.email });
    if (!actions.some((action) => can(principal, action))) throw new ForbiddenException();
    return true;
  }

  handleRequest<T>(err: unknown, user: T, info: unknown, context: ExecutionContext): T {
    if (err) throw err;
    if (!user) {
      const header = context.switchToHttp().getRequest().headers?.authorization;
      throw new UnauthorizedException(header ? BAD_TOKEN_MESSAGE : NO_TOKEN_MESSAGE);
    }
    void info;
    return user;
  }
}
