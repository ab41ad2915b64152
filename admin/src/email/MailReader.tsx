import { useEffect, useMemo, useState } from 'react';
import { Alert, Avatar, Box, Button, Chip, IconButton, Stack, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DownloadIcon from '@mui/icons-material/Download';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ForwardIcon from '@mui/icons-material/Forward';
import ImageIcon from '@mui/icons-material/Image';
import LabelImportantIcon from '@mui/icons-material/LabelImportant';
import LabelImportantOutlinedIcon from '@mui/icons-material/LabelImportantOutlined';
import ReplyAllIcon from '@mui/icons-material/ReplyAll';
import ReplyIcon from '@mui/icons-material/Reply';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import EditIcon from '@mui/icons-material/Edit';
import {
  EMAIL_FOLDER_LABELS,
  emailSubject,
  formatDateTimeBR,
  formatFileSize,
  type EmailAddress,
  type EmailAttachmentInfo,
  type EmailDetail,
} from '@veritas/common';
import { ToolButton } from './ToolButton';
import { useMailbox } from '../providers/emailMethods';
import { MessageFrame } from './MessageFrame';
import { formatAddress } from './replies';
import { displayableHtml, inlineContentIds } from './safeHtml';

export interface ReaderProps {
  message: EmailDetail;
  me: string;
  onReply: (mode: 'reply' | 'replyAll' | 'forward') => void;
  onEditDraft: () => void;
  onStar: () => void;
  onImportant: () => void;
  onError: (text: string) => void;
}

const isMe = (a: EmailAddress, me: string) => a.address.toLowerCase() === me.toLowerCase();

/** 'para mim, Ana Souza' */
function recipientSummary(m: EmailDetail, me: string): string {
  const names = [...m.to, ...m.cc, ...m.bcc].map((a) => (isMe(a, me) ? 'mim' : a.name || a.address));
  return names.length ? `para ${names.join(', ')}` : 'sem destinatário';
}

/** Inline parts (cid:) fetched with the token and shown through blob: URLs, freed on leaving. */
function useInlineImages(m: EmailDetail): Map<string, string> {
  const mail = useMailbox();
  const [urls, setUrls] = useState<Map<string, string>>(new Map());
  useEffect(() => {
    const wanted = inlineContentIds(m.body);
    const parts = m.attachments.filter((a) => a.contentId && wanted.has(a.contentId));
    if (!parts.length) return;
    const controller = new AbortController();
    const made: string[] = [];
    Promise.all(
      parts.map(async (a) => {
        const url = URL.createObjectURL(await mail.fetchEmailAttachment(a.id, controller.signal));
        made.push(url);
        return [a.contentId!, url] as const;
      }),
    ).then(
      (pairs) => setUrls(new Map(pairs)),
      (e: unknown) => {
        if (!controller.signal.aborted) console.error('Erro ao carregar imagens embutidas', e);
      },
    );
    return () => {
      controller.abort();
      made.forEach((url) => URL.revokeObjectURL(url));
    };
  }, [m.body, m.attachments, mail]);
  return urls;
}

function DetailRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Box component="dt" sx={{ color: 'text.secondary', textAlign: 'right' }}>
        {label}:
      </Box>
      <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Box>
    </>
  );
}

function AttachmentItem({ a, onError }: { a: EmailAttachmentInfo; onError: (text: string) => void }) {
  const mail = useMailbox();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await mail.downloadEmailAttachment(a.id, a.filename);
    } catch (e) {
      console.error('Erro ao baixar anexo', e);
      onError(`Não foi possível baixar ${a.filename}.`);
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
      <ToolButton label={`Baixar ${a.filename}`} title="Baixar" icon={<DownloadIcon fontSize="small" />} onClick={() => void download()} disabled={busy} />
    </Box>
  );
}

/** The reading view (§2.14): header, details, the body in its sandbox, attachments, answers. */
export function MailReader({ message: m, me, onReply, onEditDraft, onStar, onImportant, onError }: ReaderProps) {
  const [details, setDetails] = useState(false);
  const [showRemote, setShowRemote] = useState(false);
  const inline = useInlineImages(m);
  const html = useMemo(() => displayableHtml(m.body, { inline, showRemote }), [m.body, inline, showRemote]);
  const shownInline = useMemo(() => inlineContentIds(m.body), [m.body]);
  const attachments = m.attachments.filter((a) => !a.contentId || !shownInline.has(a.contentId));
  const sender = m.fromName || m.from;
  const initial = (sender.trim()[0] ?? '?').toUpperCase();

  return (
    <Box component="article" aria-labelledby="email-subject" className="mail-print-area" sx={{ px: { xs: 1.5, sm: 3 }, py: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: { xs: 'wrap', sm: 'nowrap' }, alignItems: 'flex-start', gap: 1, mb: 2 }}>
        <Typography id="email-subject" variant="h5" component="h2" sx={{ flex: 1, flexBasis: { xs: '100%', sm: 'auto' }, overflowWrap: 'anywhere' }}>
          {emailSubject(m.subject)}
        </Typography>
        <Chip size="small" label={EMAIL_FOLDER_LABELS[m.folder]} sx={{ mt: 0.5, '@media print': { display: 'none' } }} />
        <Box sx={{ '@media print': { display: 'none' } }}>
          <IconButton aria-label={m.important ? 'Desmarcar como importante' : 'Marcar como importante'} aria-pressed={m.important} onClick={onImportant}>
            {m.important ? <LabelImportantIcon sx={{ color: '#f4b400' }} /> : <LabelImportantOutlinedIcon />}
          </IconButton>
          <IconButton aria-label={m.starred ? 'Remover estrela' : 'Marcar com estrela'} aria-pressed={m.starred} onClick={onStar}>
            {m.starred ? <StarIcon sx={{ color: '#f4b400' }} /> : <StarBorderIcon />}
          </IconButton>
        </Box>
      </Box>

      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <Avatar aria-hidden="true" sx={{ bgcolor: 'primary.main' }}>
          {initial}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
            <Typography component="span" sx={{ fontWeight: 700 }}>
              {sender}
            </Typography>
            {m.fromName && (
              <Typography component="span" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {`<${m.from}>`}
              </Typography>
            )}
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
              {formatDateTimeBR(m.date)}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Typography variant="body2" color="text.secondary" noWrap>
              {recipientSummary(m, me)}
            </Typography>
            <IconButton
              size="small"
              aria-label={details ? 'Ocultar detalhes' : 'Mostrar detalhes'}
              aria-expanded={details}
              aria-controls="email-details"
              onClick={() => setDetails((v) => !v)}
              sx={{ '@media print': { display: 'none' } }}
            >
              {details ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
            </IconButton>
          </Box>
          {details && (
            <Box
              component="dl"
              id="email-details"
              sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5, fontSize: 13, p: 1.5, my: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}
            >
              <DetailRow label="De" value={formatAddress({ name: m.fromName, address: m.from })} />
              <DetailRow label="Para" value={m.to.map(formatAddress).join(', ') || '—'} />
              {m.cc.length > 0 && <DetailRow label="Cc" value={m.cc.map(formatAddress).join(', ')} />}
              {m.bcc.length > 0 && <DetailRow label="Cco" value={m.bcc.map(formatAddress).join(', ')} />}
              <DetailRow label="Data" value={formatDateTimeBR(m.date)} />
            </Box>
          )}
        </Box>
      </Box>

      {m.hasRemoteImages && !showRemote && (
        <Alert
          severity="info"
          icon={<ImageIcon />}
          sx={{ mt: 2, '@media print': { display: 'none' } }}
          action={
            <Button color="inherit" size="small" onClick={() => setShowRemote(true)}>
              Exibir imagens
            </Button>
          }
        >
          As imagens externas desta mensagem não foram carregadas, para proteger sua privacidade.
        </Alert>
      )}

      <Box sx={{ mt: 2, pl: { xs: 0, sm: 7 } }}>
        <MessageFrame html={html} showRemote={showRemote} />
      </Box>

      {attachments.length > 0 && (
        <Box component="section" aria-labelledby="email-attachments" sx={{ mt: 3, pl: { xs: 0, sm: 7 } }}>
          <Typography id="email-attachments" variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {`Anexos (${attachments.length})`}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {attachments.map((a) => (
              <AttachmentItem key={a.id} a={a} onError={onError} />
            ))}
          </Box>
        </Box>
      )}

      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 3, pl: { xs: 0, sm: 7 }, flexWrap: 'wrap', '@media print': { display: 'none' } }}>
        {m.folder === 'drafts' ? (
          <Button variant="contained" startIcon={<EditIcon />} onClick={onEditDraft}>
            Editar rascunho
          </Button>
        ) : (
          <>
            <Button variant="outlined" startIcon={<ReplyIcon />} onClick={() => onReply('reply')}>
              Responder
            </Button>
            <Button variant="outlined" startIcon={<ReplyAllIcon />} onClick={() => onReply('replyAll')}>
              Responder a todos
            </Button>
            <Button variant="outlined" startIcon={<ForwardIcon />} onClick={() => onReply('forward')}>
              Encaminhar
            </Button>
          </>
        )}
      </Stack>
    </Box>
  );
}
