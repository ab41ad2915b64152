import { useState } from 'react';
import { Alert, Box, Button, List, ListItem, ListItemText, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import { useGetList, useNotify } from 'react-admin';
import type { DocumentoResponse, RegistroResponse } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { useCan } from '../layout/Restricted';
import { DeliveryText, SenderText } from './DocumentoNotes';
import { DownloadButton } from './DownloadButton';
import { formatBytes } from './transfer';
import { UploadDialog } from './UploadDialog';

/** A registro's documents, with their delivery state, download, and upload to this registro. */
export function RegistroDocumentos({ registro }: { registro: RegistroResponse }) {
  const notify = useNotify();
  const [uploading, setUploading] = useState(false);
  const mayUpload = useCan('documentos.upload');
  const docs = useGetList<DocumentoResponse & { id: string }>('documentos', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'createdAt', order: 'DESC' },
    filter: { registroId: registro._id },
  });
  return (
    <Box>
      {docs.error ? <Alert severity="error">{errorMessage(docs.error, 'Erro ao carregar documentos.')}</Alert> : null}
      {docs.data && docs.data.length === 0 && <Typography color="text.secondary">Nenhum documento neste registro.</Typography>}
      {docs.data && docs.data.length > 0 && (
        <List dense disablePadding aria-label="Documentos do registro">
          {docs.data.map((d) => (
            <ListItem key={d._id} divider secondaryAction={<DownloadButton doc={d} onDownloaded={() => docs.refetch()} />} sx={{ pr: 16 }}>
              <ListItemText
                primary={
                  <>
                    <strong>{d.titulo}</strong>{' '}
                    <Typography component="span" variant="caption" color="text.secondary">
                      {d.tipo} · {formatBytes(d.tamanho)} · {d.nomeArquivo}
                    </Typography>
                  </>
                }
                secondary={
                  <Box component="span" sx={{ display: 'block' }}>
                    <SenderText doc={d} />
                    <DeliveryText doc={d} />
                  </Box>
                }
                slotProps={{ secondary: { component: 'div' } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {mayUpload && (
        <Button sx={{ mt: 1 }} variant="outlined" startIcon={<UploadIcon />} onClick={() => setUploading(true)}>
          Enviar documento
        </Button>
      )}
      <UploadDialog
        open={uploading}
        target={{ clienteId: registro.clienteId, clienteNome: registro.clienteNome, registroId: registro._id, registroNumero: registro.numero }}
        onClose={() => setUploading(false)}
        onUploaded={(doc) => {
          setUploading(false);
          notify(`Documento "${doc.titulo}" enviado.`, { type: 'success' });
          docs.refetch();
        }}
      />
    </Box>
  );
}
