import { useId, useState } from 'react';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Button } from '@mui/material';
import { useNotify } from 'react-admin';
import type { ChecklistItemResponse } from '@veritas/common';
import { ACCEPT_ATTRIBUTE, fileRefusal, transferError, useTransfer } from '../documentos/transfer';

/**
 * "Anexar arquivo" (issue 52): staff attach to a checklist item a file the client sent outside the
 * portal (by e-mail, on paper); the item then stands as sent and can be accepted. The same upload
 * rules as the client's (type, size, content) run on the server.
 */
export function ChecklistAnexar({ registroId, item, onDone }: { registroId: string; item: ChecklistItemResponse; onDone: () => void }) {
  const { uploadChecklist } = useTransfer();
  const notify = useNotify();
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);

  async function enviar(file: File | undefined) {
    if (!file) return;
    const refused = fileRefusal(file);
    if (refused) return notify(refused, { type: 'error' });
    setProgress(0);
    try {
      await uploadChecklist(registroId, item._id, file, setProgress);
      notify(`Arquivo anexado a "${item.nome}": agora pode ser aceito.`, { type: 'success' });
      onDone();
    } catch (err) {
      notify(transferError(err), { type: 'error' });
    } finally {
      setProgress(null);
    }
  }

  return (
    <>
      <input
        id={inputId}
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        hidden
        aria-label={`Arquivo para ${item.nome}`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          void enviar(file);
        }}
      />
      <Button size="small" variant="outlined" component="label" htmlFor={inputId} startIcon={<AttachFileIcon />} disabled={progress !== null} aria-label={`Anexar arquivo a ${item.nome}`}>
        {progress === null ? 'Anexar arquivo' : `Enviando... ${Math.round(progress * 100)}%`}
      </Button>
    </>
  );
}
