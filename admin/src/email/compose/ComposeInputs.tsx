import { useRef, useState } from 'react';
import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import { TextInput, useInput } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { formatFileSize, type EmailAttachmentInfo } from '@veritas/common';
import { useMailText } from '../mailText';
import type { ComposeInit } from '../replies';
import { ToolButton } from '../ToolButton';
import { ADDRESS_RULES, type ComposeValues } from './composeForm';
import { RichEditor } from './RichEditor';

/** How compose's text inputs look: a line each, the error under it only when there is one. */
const LINE = { fullWidth: true, size: 'small', variant: 'standard', margin: 'none', helperText: false } as const;

/** Para, Cc and Cco (each shown when asked for, or when it has addresses) and Assunto. */
export function AddressInputs({ init }: { init: ComposeInit }) {
  const t = useMailText();
  const [shown, setShown] = useState({ cc: Boolean(init.cc), bcc: Boolean(init.bcc) });
  const toggle = (field: 'cc' | 'bcc') => setShown((s) => ({ ...s, [field]: !s[field] }));
  return (
    <Stack spacing={1} sx={{ px: 2, pt: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <TextInput source="to" type="email" validate={ADDRESS_RULES.to} {...LINE} slotProps={{ htmlInput: { multiple: true, autoComplete: 'email' } }} />
        {(['cc', 'bcc'] as const).map((field) => (
          <Button key={field} size="small" onClick={() => toggle(field)} aria-pressed={shown[field]} sx={{ minWidth: 0, mt: 1.5 }}>
            {t(`fields.${field}`)}
          </Button>
        ))}
      </Box>
      {shown.cc && <TextInput source="cc" type="email" validate={ADDRESS_RULES.cc} {...LINE} slotProps={{ htmlInput: { multiple: true } }} />}
      {shown.bcc && <TextInput source="bcc" type="email" validate={ADDRESS_RULES.bcc} {...LINE} slotProps={{ htmlInput: { multiple: true } }} />}
      <TextInput source="subject" {...LINE} />
    </Stack>
  );
}

/**
 * The message body: the rich-text editor, written into the form's `body`. Through setValue rather
 * than an input's onChange: TipTap may call back (autofocus, the first render's instance) before
 * this component's effects have run, when react-admin's input handlers refuse to be called.
 */
export function BodyInput(props: { initialHtml: string; autoFocus: boolean; onStart: (html: string) => void }) {
  const { setValue } = useFormContext<ComposeValues>();
  return (
    <Box sx={{ mt: 1, mx: 1, border: 1, borderColor: 'divider', borderRadius: 1, display: 'flex', flexDirection: 'column', minHeight: 260 }}>
      <RichEditor
        initialHtml={props.initialHtml}
        autoFocus={props.autoFocus}
        onChange={(html) => setValue('body', html, { shouldDirty: true })}
        onReady={(editor) => {
          const html = editor.getHTML();
          setValue('body', html);
          props.onStart(html);
        }}
      />
    </Box>
  );
}

/** An attachment in compose: its name, its size and a button that takes it out. */
function AttachmentChip({ name, size, onRemove }: { name: string; size: number; onRemove?: () => void }) {
  const t = useMailText();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, pl: 1, pr: 0.25, border: 1, borderColor: 'divider', borderRadius: 4, maxWidth: '100%', bgcolor: 'action.hover' }}>
      <AttachFileIcon fontSize="small" sx={{ color: 'action.active' }} />
      <Typography variant="body2" noWrap title={name} sx={{ minWidth: 0 }}>
        {name}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {`(${formatFileSize(size)})`}
      </Typography>
      <IconButton size="small" aria-label={t('compose.remove', { name })} onClick={onRemove} disabled={!onRemove}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

/** The attachments: stored ones that go along (`kept`) and files added here (`files`). */
export function AttachmentsInput({ disabled }: { disabled: boolean }) {
  const t = useMailText();
  const { field: kept } = useInput({ source: 'kept' });
  const { field: files } = useInput({ source: 'files' });
  const keptList: EmailAttachmentInfo[] = Array.isArray(kept.value) ? kept.value : [];
  const fileList: File[] = Array.isArray(files.value) ? files.value : [];
  if (!keptList.length && !fileList.length) return null;
  const remove = <T,>(list: T[], at: number, onChange: (value: T[]) => void) => (disabled ? undefined : () => onChange(list.filter((_, i) => i !== at)));
  return (
    <Box component="section" aria-label={t('compose.attachments')} sx={{ px: 2, pt: 1, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {keptList.map((a, i) => (
        <AttachmentChip key={a.id} name={a.filename} size={a.size} onRemove={remove(keptList, i, kept.onChange)} />
      ))}
      {fileList.map((f, i) => (
        <AttachmentChip key={`${f.name}-${i}`} name={f.name} size={f.size} onRemove={remove(fileList, i, files.onChange)} />
      ))}
    </Box>
  );
}

/** Anexar arquivos: the browser's file picker, its files added to the form's `files`. */
export function AttachButton({ disabled }: { disabled: boolean }) {
  const t = useMailText();
  const { getValues, setValue } = useFormContext<ComposeValues>();
  const input = useRef<HTMLInputElement>(null);
  const add = (list: FileList | null) => {
    if (!list?.length) return;
    setValue('files', [...(getValues('files') ?? []), ...Array.from(list)], { shouldDirty: true });
    if (input.current) input.current.value = '';
  };
  return (
    <>
      <input ref={input} type="file" multiple hidden aria-label={t('compose.files')} onChange={(e) => add(e.target.files)} />
      <ToolButton label={t('compose.attach')} title={t('compose.attach')} icon={<AttachFileIcon />} onClick={() => input.current?.click()} disabled={disabled} />
    </>
  );
}
