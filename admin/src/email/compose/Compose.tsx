/*
 * Compose ('Nova mensagem', §2.14): Para, Cc, Cco, Assunto, the rich-text editor and the
 * attachments in one react-admin <Form>, with upload progress; Enviar, Salvar rascunho,
 * Descartar. This module (and TipTap with it) is loaded only when compose opens.
 *
 * Nothing written is lost: closing compose any other way than Descartar or a successful send
 * (the close button, Esc, a folder change, leaving the page) keeps what changed as a draft.
 */
import { useEffect, useId, useMemo } from 'react';
import { Alert, Box, Button, IconButton, LinearProgress, Paper, Tooltip, Typography } from '@mui/material';
import AddToDriveIcon from '@mui/icons-material/AddToDrive';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import InsertEmoticonIcon from '@mui/icons-material/InsertEmoticon';
import InsertPhotoIcon from '@mui/icons-material/InsertPhoto';
import LockClockIcon from '@mui/icons-material/LockClock';
import SendIcon from '@mui/icons-material/Send';
import { Form } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { InertButton } from '../InertButton';
import { useMailText } from '../mailText';
import type { ComposeInit } from '../replies';
import { ToolButton } from '../ToolButton';
import { AddressInputs, AttachButton, AttachmentsInput, BodyInput } from './ComposeInputs';
import { valuesOf, type ComposeValues } from './composeForm';
import { useComposer, type Composer } from './useComposer';

export interface ComposeProps {
  init: ComposeInit;
  onClose: () => void;
  /** Something was stored (sent, or kept as a draft): the lists and the storage bar change. */
  onSaved: () => void;
}

/** Enviar, the attach button, §2.14's inert tools, Salvar rascunho and Descartar. */
function ComposeActions({ composer }: { composer: Composer }) {
  const t = useMailText();
  const { getValues } = useFormContext<ComposeValues>();
  const busy = composer.busy !== null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, px: 2, py: 1.5, mt: 'auto' }}>
      <Button type="submit" variant="contained" startIcon={<SendIcon />} disabled={busy}>
        {t(composer.busy === 'send' ? 'compose.sending' : 'compose.send')}
      </Button>
      <AttachButton disabled={busy} />
      <InertButton label={t('compose.emoji')} icon={<InsertEmoticonIcon />} />
      <InertButton label={t('compose.drive')} icon={<AddToDriveIcon />} />
      <InertButton label={t('compose.photo')} icon={<InsertPhotoIcon />} />
      <InertButton label={t('compose.confidential')} icon={<LockClockIcon />} />
      <Box sx={{ flex: 1 }} />
      <Button onClick={() => void composer.saveDraft(getValues())} disabled={busy}>
        {t(composer.busy === 'draft' ? 'compose.savingDraft' : 'compose.saveDraft')}
      </Button>
      <ToolButton label={t('compose.discard')} title={t('compose.discard')} icon={<DeleteOutlinedIcon />} onClick={composer.discard} disabled={busy} />
    </Box>
  );
}

/** The inside of the form: the inputs, the upload's progress, a failure, the actions. */
function ComposeContent({ init, composer }: { init: ComposeInit; composer: Composer }) {
  const t = useMailText();
  const { getValues, setFocus } = useFormContext<ComposeValues>();
  useEffect(() => {
    // A new message or a forward starts at Para; a reply, whose address is there, in the editor.
    if (!init.to) setFocus('to');
    return () => composer.keepOnClose(getValues());
    // Once, on opening and closing: the composer's refs hold the draft for as long as compose is open.
  }, []);
  const percent = Math.round(composer.progress * 100);
  const uploading = composer.busy !== null && (getValues('files') ?? []).length > 0;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, overflowY: 'auto' }}>
      <AddressInputs init={init} />
      <BodyInput initialHtml={init.body} autoFocus={Boolean(init.to)} onStart={composer.startedWithBody} />
      <AttachmentsInput disabled={composer.busy !== null} />
      {uploading && (
        <Box sx={{ px: 2, pt: 1 }}>
          <LinearProgress variant="determinate" value={percent} aria-label={t('compose.progress')} />
          <Typography variant="caption" color="text.secondary">
            {t('compose.uploading', { percent })}
          </Typography>
        </Box>
      )}
      {composer.problem && (
        <Alert severity="error" sx={{ mx: 2, mt: 1 }} role="alert">
          {composer.problem}
        </Alert>
      )}
      <ComposeActions composer={composer} />
    </Box>
  );
}

export default function Compose({ init, onClose, onSaved }: ComposeProps) {
  const t = useMailText();
  const titleId = useId();
  const composer = useComposer(init, { onClose, onSaved });
  const defaultValues = useMemo(() => valuesOf(init), [init]);
  return (
    <Paper
      elevation={8}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={(e: React.KeyboardEvent) => {
        // Esc closes compose like the close button: the work stays in Rascunhos. A menu or a
        // dialog opened inside stops its own Esc before it gets here (the editor's does not).
        if (e.key === 'Escape' && composer.busy === null) {
          e.stopPropagation();
          onClose();
        }
      }}
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.drawer + 2,
        right: { xs: 0, md: 24 },
        bottom: 0,
        left: { xs: 0, md: 'auto' },
        top: { xs: 0, md: 'auto' },
        width: { xs: '100%', md: 640 },
        maxHeight: { xs: '100dvh', md: 'calc(100vh - 80px)' },
        display: 'flex',
        flexDirection: 'column',
        borderRadius: { xs: 0, md: '8px 8px 0 0' },
        '& > form': { display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 },
        '@media print': { display: 'none' },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, bgcolor: 'primary.dark', color: 'primary.contrastText', borderRadius: 'inherit' }}>
        <Typography id={titleId} component="h2" variant="subtitle1" sx={{ flex: 1, fontWeight: 600 }}>
          {t('compose.title')}
        </Typography>
        <Tooltip title={t('compose.closeTitle')}>
          <IconButton aria-label={t('compose.close')} onClick={onClose} sx={{ color: 'inherit' }} disabled={composer.busy !== null}>
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <Form
        defaultValues={defaultValues}
        onSubmit={(values: Partial<ComposeValues>) => composer.send(values as ComposeValues)}
        // The field that is wrong says so and takes the focus; a notice on top would hide the buttons.
        disableInvalidFormNotification
        noValidate
        mode="onSubmit"
        reValidateMode="onChange"
      >
        <ComposeContent init={init} composer={composer} />
      </Form>
    </Paper>
  );
}
