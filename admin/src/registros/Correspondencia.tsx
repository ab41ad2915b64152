import { useState } from 'react';
import { Box, Button, Link as MuiLink, List, ListItem, ListItemText, Pagination, Typography } from '@mui/material';
import ReplyIcon from '@mui/icons-material/Reply';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { useDataProvider, useNotify } from 'react-admin';
import { formatDateTimeBR, mailboxComposePath, mailboxMessagePath } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { useRegistrosApi } from '../providers/registrosMethods';

const PER_PAGE = 10;

/** The pager's buttons as a screen reader names them, in pt-BR. */
function pageLabel(type: string, page: number | null, selected: boolean): string {
  if (type === 'page') return selected ? `Página ${page}, atual` : `Ir para a página ${page}`;
  return type === 'next' ? 'Próxima página' : type === 'previous' ? 'Página anterior' : type === 'first' ? 'Primeira página' : 'Última página';
}

/**
 * "Responder ao cliente" (issue 56): a new message in the mailbox to the client's address, its subject
 * naming the registro's protocol, by which the sent mail is filed under the registro (ADR 0050).
 */
function ResponderAoCliente({ registro }: { registro: { clienteId: string; numero: string; tipo: string } }) {
  const dataProvider = useDataProvider();
  const navigate = useNavigate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const responder = async () => {
    setBusy(true);
    try {
      const { data } = await dataProvider.getOne('clientes', { id: registro.clienteId });
      navigate(mailboxComposePath(String(data.email ?? ''), `Registro ${registro.numero}: ${registro.tipo}`));
    } catch (error) {
      notify(errorMessage(error, 'Não foi possível abrir a mensagem ao cliente.'), { type: 'error' });
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<ReplyIcon />} onClick={() => void responder()} disabled={busy} sx={{ mb: 1 }}>
      Responder ao cliente
    </Button>
  );
}

/**
 * "Correspondência" (issue 56, ADR 0051): the mails of one's own mailbox linked to the registro, newest
 * first (subject, sender, date), each opening in the mailbox. Mailboxes are personal: a colleague's
 * copies are the colleague's. "Responder ao cliente" writes to the client about it.
 */
export function Correspondencia(props: { registroId: string; registro?: { clienteId: string; numero: string; tipo: string } }) {
  const { registroId } = props;
  const reply = props.registro ? <ResponderAoCliente registro={props.registro} /> : null;
  const api = useRegistrosApi();
  const [page, setPage] = useState(1);
  const query = useQuery({ queryKey: ['registro', registroId, 'correspondencia', page], queryFn: () => api.getCorrespondencia(registroId, page, PER_PAGE) });
  if (query.isPending) return <Typography variant="body2" role="status">Carregando e-mails...</Typography>;
  if (query.isError) return <Typography variant="body2" color="error">{errorMessage(query.error, 'Não foi possível carregar os e-mails do registro.')}</Typography>;
  const { data, total } = query.data;
  if (!total) {
    return (
      <Box>
        {reply}
        <Typography variant="body2" color="text.secondary">
          Nenhum e-mail da sua caixa está vinculado a este registro.
        </Typography>
      </Box>
    );
  }
  const pages = Math.ceil(total / PER_PAGE);
  return (
    <Box>
      {reply}
      <List dense disablePadding aria-label="E-mails do registro">
        {data.map((m) => (
          <ListItem key={m._id} disableGutters divider>
            <ListItemText
              primary={
                <MuiLink component={Link} to={mailboxMessagePath(m._id, m.folder)} sx={{ overflowWrap: 'anywhere' }}>
                  {m.subject || '(sem assunto)'}
                </MuiLink>
              }
              secondary={`${m.fromName ? `${m.fromName} <${m.from}>` : m.from} · ${formatDateTimeBR(m.date)}`}
            />
            {m.hasAttachments && <AttachFileIcon fontSize="small" titleAccess="Com anexo" sx={{ color: 'action.active', ml: 1 }} />}
          </ListItem>
        ))}
      </List>
      {pages > 1 && (
        <Pagination sx={{ mt: 1 }} count={pages} page={page} onChange={(_, p) => setPage(p)} size="small" aria-label="Páginas dos e-mails" getItemAriaLabel={pageLabel} />
      )}
    </Box>
  );
}
