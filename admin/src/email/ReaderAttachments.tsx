import { useState } from 'react';
import { Box, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DownloadIcon from '@mui/icons-material/Download';
import { useNotify } from 'react-admin';
import { formatFileSize, type EmailAttachmentInfo } from '@veritas/common';
import { useMailbox } from '../providers/emailMethods';
import { useMailText } from './mailText';
import { ToolButton } from './ToolButton';

function AttachmentItem({ a }: { a: EmailAttachmentInfo }) {
  const mail = useMailbox();
  const notify = useNotify();
  const t = useMailText();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await mail.downloadEmailAttachment(a.id, a.filename);
    } catch (e) {
      console.error('Erro ao baixar anexo', e);
      notify(t('reader.downloadFailed', { name: a.filename }), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box
      component="li"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, border: 1, borderColor: 'divider', borderRadius: 1, pl: 1.5, pr: 0.5, py: 0.5, maxWidth: '100%' }}
    >
      <AttachFileIcon fontSize="small" sx={{ color: 'action.active' }} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" noWrap title={a.filename}>
          {a.filename}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatFileSize(a.size)}
        </Typography>
      </Box>
      <ToolButton
        label={t('reader.download', { name: a.filename })}
        title={t('reader.downloadTitle')}
        icon={<DownloadIcon fontSize="small" />}
        onClick={() => void download()}
        disabled={busy}
      />
    </Box>
  );
}

/** 'Anexos (n)' and each attachment with its size and download. */
export function ReaderAttachments({ attachments }: { attachments: EmailAttachmentInfo[] }) {
  const t = useMailText();
  if (!attachments.length) return null;
  return (
    <Box component="section" aria-labelledby="email-attachments" sx={{ mt: 3, pl: { xs: 0, sm: 7 } }}>
      <Typography id="email-attachments" variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('reader.attachments', { count: attachments.length })}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {attachments.map((a) => (
          <AttachmentItem key={a.id} a={a} />
        ))}
      </Box>
    </Box>
  );
}
