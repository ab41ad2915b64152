import { lazy } from 'react';
import MailIcon from '@mui/icons-material/Mail';

/**
 * Mensagens (§2.10: the site's contact messages), in react-admin's resource shape. The resource
 * is `contato` (the API's); its list is mounted at /painel/mensagens (a custom route with the
 * spec's URL), like Usuários at /painel/configuracoes.
 */
export default {
  list: lazy(() => import('./MensagensList')),
  icon: MailIcon,
  recordRepresentation: 'assunto',
};
