import { Box, Link as MuiLink } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useBasename, useDataProvider, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { filaSaidaAviso } from '@veritas/common';
import type { PanelDataProvider } from '../providers/dataProvider';
import { useCan } from './Restricted';
import { Notice } from './Notice';

export const BANNER_QUERY_KEY = ['fila-saida', 'resumo'];
/** The banner looks again this often while a board member keeps the panel open. */
const REFRESH_MS = 60_000;

/**
 * Every page of the panel, for the master and the diretoria (issue 53): while outgoing mail is not
 * configured or the latest sends failed, how many messages wait, with a link to the Fila de saída.
 */
export function MailBanner() {
  const allowed = useCan('filaSaida');
  const dataProvider = useDataProvider<PanelDataProvider>();
  const translate = useTranslate();
  const basename = useBasename();
  const { data } = useQuery({
    queryKey: BANNER_QUERY_KEY,
    queryFn: () => dataProvider.filaSaidaResumo(),
    enabled: allowed,
    refetchInterval: REFRESH_MS,
  });
  const aviso = allowed && data ? filaSaidaAviso(data) : null;
  if (!aviso || !data) return null;
  return (
    <Box sx={{ mt: 1 }} data-testid="aviso-email">
      {/* A standing state, not an interruption: a status region, not an alert. */}
      <Notice severity="warning" role="status">
        {aviso}{' '}
        {/* Not configured: where to configure it; configured but failing: the messages and their errors. */}
        <MuiLink component={Link} to={`${basename}/configuracoes/${data.configurado ? 'fila-saida' : 'email-saida'}`}>
          {translate(data.configurado ? 'resources.filaSaida.banner.link' : 'resources.filaSaida.banner.configurar')}
        </MuiLink>
      </Notice>
    </Box>
  );
}
