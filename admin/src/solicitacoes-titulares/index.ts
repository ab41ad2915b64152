import { lazy } from 'react';
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';

/**
 * Solicitações de titulares (issue 16: the clients' LGPD requests), in react-admin's resource
 * shape; the list is mounted at /painel/solicitacoes-titulares.
 */
export default {
  list: lazy(() => import('./SolicitacoesTitularesList')),
  icon: PrivacyTipIcon,
  recordRepresentation: 'tipoLabel',
};
