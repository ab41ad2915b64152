import { useState } from 'react';
import { Typography } from '@mui/material';
import type { EmailFolder } from '@veritas/common';
import { ConfirmDialog } from '../layout/ConfirmDialog';
import { useMailText } from './mailText';

/** 'Tem certeza que deseja excluir este email?' (§8), and in Lixeira that it is for good. */
export function DeleteDialog(props: { ids: string[] | null; folder: EmailFolder; onClose: () => void; onDelete: (ids: string[]) => Promise<void> }) {
  const { ids, folder, onClose, onDelete } = props;
  const t = useMailText();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!ids) return;
    setBusy(true);
    try {
      await onDelete(ids);
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <ConfirmDialog open={ids !== null} title={t('delete.title')} busy={busy} onConfirm={() => void confirm()} onClose={onClose}>
      <Typography>{t('delete.confirm', { smart_count: ids?.length ?? 1 })}</Typography>
      {folder === 'trash' && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('delete.trashNote')}
        </Typography>
      )}
    </ConfirmDialog>
  );
}
