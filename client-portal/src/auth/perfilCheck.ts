import { queries } from '../lib/queries';
import { portalApi } from '../lib/api';
import { takeEarlyPerfil } from './session';

/** The session check's one request (RequireCliente waits for it): the entry's, if it started one. */
export const perfilCheck = () => ({
  ...queries.perfil(),
  queryFn: ({ signal }: { signal: AbortSignal }) => takeEarlyPerfil() ?? portalApi.perfil({ signal }),
  retry: false,
});
