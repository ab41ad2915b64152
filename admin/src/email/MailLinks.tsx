import { Fragment } from 'react';
import { Box, Button, Link as MuiLink, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNotify } from 'react-admin';
import { MENU_ITEMS, registroScreenPath, type EmailVinculoView } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { useUserType } from '../layout/useUserType';
import { useMailbox } from '../providers/emailMethods';
import { useMailText } from './mailText';

const linksKey = (id: string) => ['emails', 'getEmailVinculos', id] as const;

/** Per client, its name and the registros of the message that are its: "Cliente: Construtora Ipê Ltda · Registro 2026-000742". */
function byCliente(links: EmailVinculoView[]): { id: string; nome: string; registros: EmailVinculoView[] }[] {
  const out = new Map<string, { id: string; nome: string; registros: EmailVinculoView[] }>();
  for (const l of links) {
    if (!l.clienteId) continue;
    const entry = out.get(l.clienteId) ?? { id: l.clienteId, nome: l.clienteNome ?? '', registros: [] };
    if (l.registroId) entry.registros.push(l);
    out.set(l.clienteId, entry);
  }
  return [...out.values()];
}

/** Issue 56: the client and registros a message is filed under, each a link to its record; removable by hand. */
export function MailLinks({ emailId }: { emailId: string }) {
  const t = useMailText();
  const mail = useMailbox();
  const notify = useNotify();
  const queryClient = useQueryClient();
  // Whole addresses: the panel's router has no basename, and an associado opens a registro under Meus Registros.
  const { principal } = useUserType();
  const query = useQuery({ queryKey: linksKey(emailId), queryFn: ({ signal }) => mail.getEmailVinculos(emailId, signal) });
  const remove = useMutation({
    mutationFn: () => mail.setEmailVinculos(emailId, { clienteId: null, registroIds: [] }),
    onSuccess: (data) => {
      queryClient.setQueryData(linksKey(emailId), data);
      notify(t('reader.links.removed'), { type: 'info' });
    },
    onError: (error) => notify(errorMessage(error, 'Não foi possível remover os vínculos.'), { type: 'error' }),
  });
  if (!query.data) return null;
  const groups = byCliente(query.data);
  return (
    <Box role="group" aria-label={t('reader.links.label')} sx={{ mt: 1, pl: { xs: 0, sm: 7 }, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      {groups.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('reader.links.none')}
        </Typography>
      ) : (
        groups.map((g) => (
          <Typography key={g.id} variant="body2" component="span">
            <MuiLink component={Link} to={`${MENU_ITEMS.clientes.path}/${encodeURIComponent(g.id)}/show`}>
              {t('reader.links.cliente', { nome: g.nome })}
            </MuiLink>
            {g.registros.map((r) => (
              <Fragment key={r.id}>
                {' · '}
                <MuiLink component={Link} to={registroScreenPath(principal, r.registroId!)}>
                  {t('reader.links.registro', { numero: r.registroNumero })}
                </MuiLink>
              </Fragment>
            ))}
          </Typography>
        ))
      )}
      {groups.length > 0 && (
        <Button size="small" onClick={() => remove.mutate()} disabled={remove.isPending} sx={{ '@media print': { display: 'none' } }}>
          {t('reader.links.remove')}
        </Button>
      )}
    </Box>
  );
}
