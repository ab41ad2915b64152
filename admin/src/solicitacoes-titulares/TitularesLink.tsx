import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import { Button } from '@mui/material';
import { useBasename } from 'react-admin';
import { Link } from 'react-router-dom';

/**
 * The way to "Solicitações de titulares" (the §2.10 menus are the spec's and have no entry for
 * it): a button on the Clientes screen, for those who answer the requests.
 */
export function TitularesLink() {
  const basename = useBasename();
  return (
    <Button component={Link} to={`${basename}/solicitacoes-titulares`} size="small" startIcon={<PrivacyTipIcon />}>
      Solicitações de titulares
    </Button>
  );
}
