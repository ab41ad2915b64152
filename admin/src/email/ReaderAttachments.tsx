import { useState } from 'react';
import { Box, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DownloadIcon from '@mui/icons-material/Download';
import PostAddIcon from '@mui/icons-material/PostAdd';
import { useNotify } from 'react-admin';
import { formatFileSize, type EmailAttachmentInfo } from '@veritas/common';
import { useCan } from '../layout/Restricted';
import { useMailbox } from '../providers/emailMethods';
import { AnexarAoRegistroDialog } from './AnexarAoRegistro';
import { useMailText } from './mailText';
import { ToolButton } from './ToolButton';

function AttachmentItem({ a, emailId, indice }: { a: EmailAttachmentInfo; emailId: string; indice: number }) {
  const mail = useMailbox();
  const notify = useNotify();
  const t = useMailText();
  const [busy, setBusy] = useState(false);
  const [anexar, setAnexar] = useState(false);
  const works = useCan('registros.work');
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
      {works && (
        <>
          <ToolButton label={t('reader.anexar.buttonLabel', { name: a.filename })} title={t('reader.anexar.button')} icon={<PostAddIcon fontSize="small" />} onClick={() => setAnexar(true)} />
          <AnexarAoRegistroDialog emailId={emailId} indice={indice} anexo={a} open={anexar} onClose={() => setAnexar(false)} />
        </>
      )}
    </Box>
  );
}

/** 'Anexos (n)' and each attachment with its size, its download and (for who works registros) "Anexar ao registro". */
export function ReaderAttachments({ emailId, attachments }: { emailId: string; attachments: EmailAttachmentInfo[] }) {
  const t = useMailText();
  if (!attachments.length) return null;
  return (
    <Box component="section" aria-labelledby="email-attachments" sx={{ mt: 3, pl: { xs: 0, sm: 7 } }}>
      <Typography id="email-attachments" variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('reader.attachments', { count: attachments.length })}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {attachments.map((a, i) => (
          <AttachmentItem key={a.id} a={a} emailId={emailId} indice={i} />
        ))}
      </Box>
    </Box>
  );
}
