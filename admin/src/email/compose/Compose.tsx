/*
 * Compose ('Nova mensagem', §2.14): Para, Cc, Cco, Assunto, the rich-text editor, attachments
 * with upload progress; Enviar, Salvar rascunho, Descartar. This module (and TipTap with it) is
 * loaded only when compose opens.
 *
 * Nothing written is lost: closing compose any other way than Descartar or a successful send
 * (the close button, a folder change, leaving the page) keeps what changed as a draft.
 */
import { useEffect, useId, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  IconButton,
  LinearProgress,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddToDriveIcon from '@mui/icons-material/AddToDrive';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import InsertEmoticonIcon from '@mui/icons-material/InsertEmoticon';
import InsertPhotoIcon from '@mui/icons-material/InsertPhoto';
import LockClockIcon from '@mui/icons-material/LockClock';
import SendIcon from '@mui/icons-material/Send';
import { useLogoutIfAccessDenied, useNotify } from 'react-admin';
import { formatFileSize, MAIL_MESSAGES, sendFailedText, type EmailAttachmentInfo } from '@veritas/common';
import { SendError, useMailbox, type ComposeFields, type ComposePayload, type ComposeTarget } from '../../providers/emailMethods';
import { invalidAddress, type ComposeInit } from '../replies';
import { ToolButton } from '../ToolButton';
import { InertButton } from '../InertButton';
import { RichEditor } from './RichEditor';

export interface ComposeProps {
  init: ComposeInit;
  onClose: () => void;
  /** Sent: the lists and the storage bar change. */
  onSent: () => void;
  /** A draft was written (saved, or kept by a failed send). */
  onDraftSaved: () => void;
}

type Busy = null | 'send' | 'draft';

const DRAFT_SAVED = 'Rascunho salvo.';

/** An attachment in compose: its name, its size and a button that takes it out. */
function AttachmentChip({ name, size, onRemove }: { name: string; size: number; onRemove?: () => void }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, pl: 1, pr: 0.25, border: 1, borderColor: 'divider', borderRadius: 4, maxWidth: '100%', bgcolor: 'action.hover' }}>
      <AttachFileIcon fontSize="small" sx={{ color: 'action.active' }} />
      <Typography variant="body2" noWrap title={name} sx={{ minWidth: 0 }}>
        {name}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {`(${formatFileSize(size)})`}
      </Typography>
      <IconButton size="small" aria-label={`Remover ${name}`} onClick={onRemove} disabled={!onRemove}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

/** The send failure as §8 words it: 'Erro ao enviar email: ' + the reason. */
function sendFailure(error: unknown): string {
  return sendFailedText(error instanceof Error ? error.message : null);
}

export default function Compose({ init, onClose, onSent, onDraftSaved }: ComposeProps) {
  const notify = useNotify();
  const mail = useMailbox();
  const logoutIfDenied = useLogoutIfAccessDenied();
  const titleId = useId();
  const [fields, setFields] = useState<ComposeFields>({ to: init.to, cc: init.cc, bcc: init.bcc, subject: init.subject });
  const [showCc, setShowCc] = useState(Boolean(init.cc));
  const [showBcc, setShowBcc] = useState(Boolean(init.bcc));
  const [draftId, setDraftId] = useState(init.draftId);
  const [kept, setKept] = useState<EmailAttachmentInfo[]>(init.attachments);
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState<Busy>(null);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const toInput = useRef<HTMLInputElement>(null);

  // The body lives in the editor; its HTML is kept here on every change.
  const html = useRef(init.body);
  // What compose started from, or last stored: closing saves only what differs from it. The
  // html is the editor's own rendering of the starting body, known once the editor exists.
  const saved = useRef<{ fields: ComposeFields; kept: EmailAttachmentInfo[]; html: string | null }>({
    fields: { to: init.to, cc: init.cc, bcc: init.bcc, subject: init.subject },
    kept: init.attachments,
    html: null,
  });
  const finished = useRef(false);
  const latest = useRef({ fields, kept, files, draftId });
  latest.current = { fields, kept, files, draftId };

  useEffect(() => {
    // A new message or a forward starts at Para; a reply, whose address is there, in the editor.
    if (!init.to) toInput.current?.focus();
  }, [init.to]);

  const payloadOf = (f: ComposeFields, keep: EmailAttachmentInfo[]): ComposePayload => ({
    ...f,
    body: html.current,
    attachmentIds: keep.map((a) => a.id),
    inReplyTo: init.inReplyTo,
  });

  const changed = () => {
    const { fields: f, kept: k, files: fl } = latest.current;
    const s = saved.current;
    return (
      fl.length > 0 ||
      (Object.keys(f) as (keyof ComposeFields)[]).some((key) => f[key] !== s.fields[key]) ||
      k.length !== s.kept.length ||
      (s.html !== null && html.current !== s.html)
    );
  };

  // Closing without Descartar or a send keeps the work as a draft.
  useEffect(
    () => () => {
      if (finished.current || !changed()) return;
      const { fields: f, kept: k, files: fl, draftId: id } = latest.current;
      mail.submitEmail({ kind: 'draft', draftId: id }, payloadOf(f, k), fl, () => undefined).then(
        () => {
          notify(DRAFT_SAVED, { type: 'info' });
          onDraftSaved();
        },
        (e: unknown) => notify(`Não foi possível salvar o rascunho: ${e instanceof Error ? e.message : ''}`, { type: 'error' }),
      );
    },
    [],
  );

  const setField = (name: keyof ComposeFields) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setFields((f) => ({ ...f, [name]: e.target.value }));
    setError(null);
  };

  const checkAddresses = (): string | null => {
    if (!fields.to.trim()) return MAIL_MESSAGES.noRecipient;
    for (const [label, value] of [['Para', fields.to], ['Cc', fields.cc], ['Cco', fields.bcc]] as const) {
      const bad = invalidAddress(value);
      if (bad) return `Endereço de email inválido em ${label}: ${bad}.`;
    }
    return null;
  };

  const finish = () => {
    finished.current = true;
    onClose();
  };

  /** After a failed send the server kept everything as a draft: compose now edits that draft. */
  const adoptDraft = async (id: string) => {
    setDraftId(id);
    setFiles([]);
    try {
      const draft = await mail.getEmail(id);
      setKept(draft.attachments);
      saved.current = { fields: latest.current.fields, kept: draft.attachments, html: html.current };
    } catch {
      setKept([]);
    }
    onDraftSaved();
  };

  const send = async () => {
    const problem = checkAddresses();
    if (problem) {
      setError(problem);
      if (problem === MAIL_MESSAGES.noRecipient) toInput.current?.focus();
      return;
    }
    setBusy('send');
    setProgress(0);
    setError(null);
    try {
      await mail.submitEmail({ kind: 'send', draftId } satisfies ComposeTarget, payloadOf(fields, kept), files, setProgress);
      notify(MAIL_MESSAGES.sent, { type: 'success' });
      finished.current = true;
      onSent();
      onClose();
    } catch (e) {
      if (await logoutIfDenied(e)) return;
      setError(sendFailure(e));
      if (e instanceof SendError && e.draftId) await adoptDraft(e.draftId);
    } finally {
      setBusy(null);
    }
  };

  const saveDraft = async () => {
    setBusy('draft');
    setProgress(0);
    setError(null);
    try {
      await mail.submitEmail({ kind: 'draft', draftId }, payloadOf(fields, kept), files, setProgress);
      notify(DRAFT_SAVED, { type: 'info' });
      finished.current = true;
      onDraftSaved();
      onClose();
    } catch (e) {
      if (await logoutIfDenied(e)) return;
      setError(`Não foi possível salvar o rascunho: ${e instanceof Error ? e.message : ''}`);
    } finally {
      setBusy(null);
    }
  };

  const addFiles = (list: FileList | null) => {
    if (!list?.length) return;
    setFiles((current) => [...current, ...Array.from(list)]);
    if (fileInput.current) fileInput.current.value = '';
  };

  const uploading = busy !== null && files.length > 0;
  const attachmentCount = kept.length + files.length;

  return (
    <Paper
      elevation={8}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={(e: React.KeyboardEvent) => {
        // Esc closes compose like the close button: the work stays in Rascunhos. A menu or a
        // dialog opened inside stops its own Esc before it gets here (the editor's does not).
        if (e.key === 'Escape' && busy === null) {
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
        '@media print': { display: 'none' },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, bgcolor: 'grey.800', color: 'common.white', borderRadius: 'inherit' }}>
        <Typography id={titleId} component="h2" variant="subtitle1" sx={{ flex: 1, fontWeight: 600 }}>
          Nova mensagem
        </Typography>
        <Tooltip title="Fechar (as alterações ficam em Rascunhos)">
          <IconButton aria-label="Fechar" onClick={onClose} sx={{ color: 'inherit' }} disabled={busy !== null}>
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Box>

      <Box
        component="form"
        noValidate
        onSubmit={(e: React.FormEvent) => {
          e.preventDefault();
          void send();
        }}
        sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, overflowY: 'auto' }}
      >
        <Stack spacing={1} sx={{ px: 2, pt: 1.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
            <TextField
              label="Para"
              type="email"
              value={fields.to}
              onChange={setField('to')}
              inputRef={toInput}
              required
              fullWidth
              size="small"
              variant="standard"
              slotProps={{ htmlInput: { multiple: true, autoComplete: 'email' } }}
            />
            <Button size="small" onClick={() => setShowCc((v) => !v)} aria-pressed={showCc} sx={{ minWidth: 0, mt: 1.5 }}>
              Cc
            </Button>
            <Button size="small" onClick={() => setShowBcc((v) => !v)} aria-pressed={showBcc} sx={{ minWidth: 0, mt: 1.5 }}>
              Cco
            </Button>
          </Box>
          {showCc && (
            <TextField label="Cc" type="email" value={fields.cc} onChange={setField('cc')} fullWidth size="small" variant="standard" slotProps={{ htmlInput: { multiple: true } }} />
          )}
          {showBcc && (
            <TextField label="Cco" type="email" value={fields.bcc} onChange={setField('bcc')} fullWidth size="small" variant="standard" slotProps={{ htmlInput: { multiple: true } }} />
          )}
          <TextField label="Assunto" value={fields.subject} onChange={setField('subject')} fullWidth size="small" variant="standard" />
        </Stack>

        <Box sx={{ mt: 1, mx: 1, border: 1, borderColor: 'divider', borderRadius: 1, display: 'flex', flexDirection: 'column', minHeight: 260 }}>
          <RichEditor
            initialHtml={init.body}
            autoFocus={Boolean(init.to)}
            onChange={(value) => {
              html.current = value;
            }}
            onReady={(editor) => {
              html.current = editor.getHTML();
              saved.current.html ??= html.current;
            }}
          />
        </Box>

        {attachmentCount > 0 && (
          <Box component="section" aria-label="Anexos" sx={{ px: 2, pt: 1, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {kept.map((a) => (
              <AttachmentChip key={a.id} name={a.filename} size={a.size} onRemove={busy ? undefined : () => setKept((list) => list.filter((x) => x.id !== a.id))} />
            ))}
            {files.map((f, i) => (
              <AttachmentChip key={`${f.name}-${i}`} name={f.name} size={f.size} onRemove={busy ? undefined : () => setFiles((list) => list.filter((_, j) => j !== i))} />
            ))}
          </Box>
        )}

        {uploading && (
          <Box sx={{ px: 2, pt: 1 }}>
            <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label="Progresso do envio dos anexos" />
            <Typography variant="caption" color="text.secondary">
              {`Enviando anexos: ${Math.round(progress * 100)}%`}
            </Typography>
          </Box>
        )}

        {error && (
          <Alert severity="error" sx={{ mx: 2, mt: 1 }} role="alert">
            {error}
          </Alert>
        )}

        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, px: 2, py: 1.5, mt: 'auto' }}>
          <Button type="submit" variant="contained" startIcon={<SendIcon />} disabled={busy !== null}>
            {busy === 'send' ? 'Enviando...' : 'Enviar'}
          </Button>
          <input
            ref={fileInput}
            type="file"
            multiple
            hidden
            aria-label="Arquivos para anexar"
            onChange={(e) => addFiles(e.target.files)}
          />
          <ToolButton label="Anexar arquivos" title="Anexar arquivos" icon={<AttachFileIcon />} onClick={() => fileInput.current?.click()} disabled={busy !== null} />
          <InertButton label="Inserir emoji" icon={<InsertEmoticonIcon />} />
          <InertButton label="Inserir arquivo do Drive" icon={<AddToDriveIcon />} />
          <InertButton label="Inserir foto" icon={<InsertPhotoIcon />} />
          <InertButton label="Modo confidencial" icon={<LockClockIcon />} />
          <Box sx={{ flex: 1 }} />
          <Button onClick={() => void saveDraft()} disabled={busy !== null}>
            {busy === 'draft' ? 'Salvando...' : 'Salvar rascunho'}
          </Button>
          <ToolButton label="Descartar" title="Descartar" icon={<DeleteOutlinedIcon />} onClick={finish} disabled={busy !== null} />
        </Box>
      </Box>
    </Paper>
  );
}
