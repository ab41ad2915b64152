import { lazy } from 'react';
import PaymentsIcon from '@mui/icons-material/Payments';

/**
 * Finanças (issue 12), in react-admin's resource shape: the page at /painel/financas (its own
 * chunk) lists the `cobrancas` resource and opens its modals at /painel/financas/create,
 * /painel/financas/:id/show and /painel/financas/:id.
 */
export default {
  page: lazy(() => import('./FinancasPage')),
  icon: PaymentsIcon,
  recordRepresentation: (c: { clienteNome?: string | null; registroNumero?: string | null }) => [c.clienteNome, c.registroNumero].filter(Boolean).join(' — '),
};
