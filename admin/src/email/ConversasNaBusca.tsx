import { Box, Link as MuiLink, Typography } from '@mui/material';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import { Link, useGetList, useListContext } from 'react-admin';
import { formatDateTimeBR, type MensagemEncontrada, registroScreenPath } from '@veritas/common';
import { useUserType } from '../layout/useUserType';
import { useMailText } from './mailText';

/** How many of the conversations' messages the mailbox shows beside its own results. */
const SHOWN = 5;

/**
 * Issue 56: the mailbox's search also finds the portal conversations' messages (GET /api/mensagens, ADR 0057),
 * of the registros the reader may see — a few of them above the folder's results, each opening its registro,
 * where the whole conversation is. Nothing while nothing is searched, or when no message holds the term.
 */
export function ConversasNaBusca() {
  const t = useMailText();
  const { principal } = useUserType();
  const { filterValues } = useListContext();
  const q = typeof filterValues.q === 'string' ? filterValues.q.trim() : '';
  const { data, total } = useGetList<MensagemEncontrada & { id: string }>(
    'mensagens',
    { filter: { q }, pagination: { page: 1, perPage: SHOWN }, sort: { field: 'criadoEm', order: 'DESC' } },
    { enabled: q.length > 0 },
  );
  if (!q || !data?.length) return null;
  return (
    <Box component="section" aria-label={t('conversas.label')} sx={{ mx: { xs: 1, sm: 2 }, mt: 1, p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}>
      <Typography variant="subtitle2" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <ForumOutlinedIcon fontSize="small" aria-hidden />
        {t('conversas.title', { smart_count: total ?? data.length, q })}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}>
        {data.map((m) => (
          <Box component="li" key={m.id} sx={{ py: 0.5 }}>
            <MuiLink component={Link} to={registroScreenPath(principal, m.registroId)} aria-label={t('conversas.open', { numero: m.registroNumero })}>
              {t('conversas.registro', { numero: m.registroNumero })}
            </MuiLink>
            <Typography component="span" variant="body2" color="text.secondary">
              {m.clienteNome ? ` · ${m.clienteNome}` : ''} · {m.autorNome}
              {m.lado === 'equipe' ? ` ${t('conversas.escritorio')}` : ''} · {formatDateTimeBR(m.criadoEm)}
            </Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {m.trecho}
            </Typography>
          </Box>
        ))}
      </Box>
      {(total ?? 0) > data.length && (
        <Typography variant="body2" color="text.secondary">
          {t('conversas.more', { smart_count: (total ?? 0) - data.length })}
        </Typography>
      )}
    </Box>
  );
}
