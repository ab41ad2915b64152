import { useState } from 'react';
import { Button, CircularProgress } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useNotify } from 'react-admin';
import type { DocumentoResponse } from '@veritas/common';
import { transferError, useTransfer } from './transfer';

/** Saves a document under its own name (staff opening a client's upload is recorded by the server). */
export function DownloadButton({ doc, onDownloaded }: { doc: DocumentoResponse; onDownloaded?: () => void }) {
  const { download } = useTransfer();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      startIcon={busy ? <CircularProgress size={16} /> : <DownloadIcon />}
      aria-label={`Baixar ${doc.titulo}`}
      disabled={busy}
      onClick={async (e) => {
        e.stopPropagation();
        setBusy(true);
        try {
          await download(doc);
          onDownloaded?.();
        } catch (error) {
          notify(transferError(error), { type: 'error' });
        } finally {
          setBusy(false);
        }
      }}
    >
      Baixar
    </Button>
  );
}
