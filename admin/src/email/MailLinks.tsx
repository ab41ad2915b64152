import { Fragment, useState } from 'react';
import { Box, Button, IconButton, Link as MuiLink, Tooltip, Typography } from '@mui/material';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNotify } from 'react-admin';
import { mailboxFilteredPath, MENU_ITEMS, registroScreenPath, type EmailVinculoView } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { useUserType } from '../layout/useUserType';
import { useMailbox } from '../providers/emailMethods';
import { useMailText } from './mailText';
import { linksKey, VinculosDialog } from './VinculosDialog';

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

/** The mailbox (in `folder`) narrowed to this client or registro: a small search icon beside its name. */
function MailOf({ label, to }: { label: string; to: string }) {
  return (
    <Tooltip title={label}>
      <IconButton component={Link} to={to} aria-label={label} size="small" sx={{ p: 0.25, '@media print': { display: 'none' } }}>
        <ManageSearchIcon fontSize="inherit" />
      </IconButton>
    </Tooltip>
  );
}

/**
 * Issue 56: the client and registros a message is filed under, each a link to its record and to the
 * mailbox narrowed to it; chosen ("Editar vínculos") or removed by hand.
 */
export function MailLinks({ emailId, folder }: { emailId: string; folder?: string }) {
  const t = useMailText();
  const mail = useMailbox();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
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
  const noPrint = { '@media print': { display: 'none' } };
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
            <MailOf label={t('reader.links.mailCliente', { nome: g.nome })} to={mailboxFilteredPath({ folder, clienteId: g.id })} />
            {g.registros.map((r) => (
              <Fragment key={r.id}>
                {' · '}
                <MuiLink component={Link} to={registroScreenPath(principal, r.registroId!)}>
                  {t('reader.links.registro', { numero: r.registroNumero })}
                </MuiLink>
                <MailOf label={t('reader.links.mailRegistro', { numero: r.registroNumero })} to={mailboxFilteredPath({ folder, registroId: r.registroId! })} />
              </Fragment>
            ))}
          </Typography>
        ))
      )}
      <Button size="small" onClick={() => setEditing(true)} sx={noPrint}>
        {t(groups.length ? 'reader.links.edit' : 'reader.links.add')}
      </Button>
      {groups.length > 0 && (
        <Button size="small" onClick={() => remove.mutate()} disabled={remove.isPending} sx={noPrint}>
          {t('reader.links.remove')}
        </Button>
      )}
      <VinculosDialog emailId={emailId} links={query.data} open={editing} onClose={() => setEditing(false)} />
    </Box>
  );
}
