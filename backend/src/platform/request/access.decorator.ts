import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiOperation, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ACCESS, ACCESS_GROUP_LABELS, Action, type Capacidade as CapacidadeMembro } from '@veritas/common';
import type { AuthPrincipal } from './principal';

export const ACCESS_KEY = 'veritas:access';
export const PUBLIC_KEY = 'veritas:public';
export const CAPACIDADE_KEY = 'veritas:capacidade';

/**
 * The one decorator that both protects and documents a route: who may call it, from the shared
 * ACCESS table. Several actions mean "any of them". Record-level rules (a client's own data, a
 * diretoria that cannot touch masters) are checked again in the services.
 */
export function Allow(...actions: [Action, ...Action[]]) {
  const groups = [...new Set(actions.flatMap((a) => ACCESS[a]))].map((g) => ACCESS_GROUP_LABELS[g]);
  return applyDecorators(
    SetMetadata(ACCESS_KEY, actions),
    ApiBearerAuth('bearer'),
    ApiOperation({ description: `Acesso: ${groups.join(', ')} (token Bearer).` }),
    ApiUnauthorizedResponse({ description: 'Sem token válido.' }),
    ApiForbiddenResponse({ description: 'Perfil sem permissão para esta ação.' }),
  );
}

/**
 * What a client's member must be allowed to do on this route (issue 54, ADR 0058), next to its @Allow: the
 * guard answers 403 (pt-BR, SEM_CAPACIDADE) to a member without it. Staff callers are not asked.
 */
export const Capacidade = (capacidade: CapacidadeMembro) => SetMetadata(CAPACIDADE_KEY, capacidade);

/** Opts a route out of the global guard. */
export function Public(description = 'Acesso público, sem autenticação.') {
  return applyDecorators(SetMetadata(PUBLIC_KEY, true), ApiOperation({ description }));
}

/** For public routes that are rate limited, so API consumers see the 429 in the docs. */
export const ApiRateLimited = () => ApiTooManyRequestsResponse({ description: 'Tentativas demais; aguarde e tente de novo.' });

export const CurrentPrincipal = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthPrincipal => {
  return ctx.switchToHttp().getRequest().user as AuthPrincipal;
});
