import { useMemo, useState } from 'react';
import { Alert, Avatar, Box, Button, Chip, IconButton, Stack, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
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
import { emailSubject, formatDateTimeBR, type EmailAddress, type EmailDetail } from '@veritas/common';
import { useMailText, type MailText } from './mailText';
import { MailLinks } from './MailLinks';
import { MessageFrame } from './MessageFrame';
import { ReaderAttachments } from './ReaderAttachments';
import { formatAddress } from './replies';
import { displayableHtml, inlineContentIds } from './safeHtml';
import { useInlineImages } from './useInlineImages';
import { markColor } from '@veritas/web';

export interface ReaderProps {
  message: EmailDetail;
  me: string;
  onReply: (mode: 'reply' | 'replyAll' | 'forward') => void;
  onEditDraft: () => void;
  onStar: () => void;
  onImportant: () => void;
}

const isMe = (a: EmailAddress, me: string) => a.address.toLowerCase() === me.toLowerCase();

/** 'para mim, Ana Souza' */
function recipientSummary(m: EmailDetail, me: string, t: MailText): string {
  const names = [...m.to, ...m.cc, ...m.bcc].map((a) => (isMe(a, me) ? t('reader.me') : a.name || a.address));
  return names.length ? t('reader.recipients', { names: names.join(', ') }) : t('reader.noRecipients');
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

/** De, Para, Cc, Cco and Data, shown when asked for. */
function Details({ m }: { m: EmailDetail }) {
  const t = useMailText();
  const list = (addresses: EmailAddress[]) => addresses.map(formatAddress).join(', ');
  return (
    <Box
      component="dl"
      id="email-details"
      sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5, fontSize: 13, p: 1.5, my: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <DetailRow label={t('reader.details.from')} value={formatAddress({ name: m.fromName, address: m.from })} />
      <DetailRow label={t('reader.details.to')} value={list(m.to) || '—'} />
      {m.cc.length > 0 && <DetailRow label={t('reader.details.cc')} value={list(m.cc)} />}
      {m.bcc.length > 0 && <DetailRow label={t('reader.details.bcc')} value={list(m.bcc)} />}
      <DetailRow label={t('reader.details.date')} value={formatDateTimeBR(m.date)} />
    </Box>
  );
}

/** Subject, folder, the important and star marks. */
function Heading({ m, onStar, onImportant }: Pick<ReaderProps, 'onStar' | 'onImportant'> & { m: EmailDetail }) {
  const t = useMailText();
  return (
    <Box sx={{ display: 'flex', flexWrap: { xs: 'wrap', sm: 'nowrap' }, alignItems: 'flex-start', gap: 1, mb: 2 }}>
      <Typography id="email-subject" variant="h5" component="h2" sx={{ flex: 1, flexBasis: { xs: '100%', sm: 'auto' }, overflowWrap: 'anywhere' }}>
        {emailSubject(m.subject)}
      </Typography>
      <Chip size="small" label={t(`folders.${m.folder}`)} sx={{ mt: 0.5, '@media print': { display: 'none' } }} />
      <Box sx={{ '@media print': { display: 'none' } }}>
        <IconButton aria-label={t(m.important ? 'list.unimportant' : 'list.important')} aria-pressed={m.important} onClick={onImportant}>
          {m.important ? <LabelImportantIcon sx={{ color: markColor }} /> : <LabelImportantOutlinedIcon />}
        </IconButton>
        <IconButton aria-label={t(m.starred ? 'list.unstar' : 'list.star')} aria-pressed={m.starred} onClick={onStar}>
          {m.starred ? <StarIcon sx={{ color: markColor }} /> : <StarBorderIcon />}
        </IconButton>
      </Box>
    </Box>
  );
}

/** The sender with the avatar, the date, the recipients and the details toggle. */
function Sender({ m, me }: { m: EmailDetail; me: string }) {
  const t = useMailText();
  const [details, setDetails] = useState(false);
  const sender = m.fromName || m.from;
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
      <Avatar aria-hidden="true" sx={{ bgcolor: 'primary.main' }}>
        {(sender.trim()[0] ?? '?').toUpperCase()}
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
            {recipientSummary(m, me, t)}
          </Typography>
          <IconButton
            size="small"
            aria-label={t(details ? 'reader.hideDetails' : 'reader.showDetails')}
            aria-expanded={details}
            aria-controls="email-details"
            onClick={() => setDetails((v) => !v)}
            sx={{ '@media print': { display: 'none' } }}
          >
            {details ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
          </IconButton>
        </Box>
        {details && <Details m={m} />}
      </Box>
    </Box>
  );
}

/** The reading view (§2.14): header, details, the body in its sandbox, attachments, answers. */
export function MailReader({ message: m, me, onReply, onEditDraft, onStar, onImportant }: ReaderProps) {
  const t = useMailText();
  const [showRemote, setShowRemote] = useState(false);
  const inline = useInlineImages(m);
  const html = useMemo(() => displayableHtml(m.body, { inline, showRemote }), [m.body, inline, showRemote]);
  const shownInline = useMemo(() => inlineContentIds(m.body), [m.body]);
  const attachments = m.attachments.filter((a) => !a.contentId || !shownInline.has(a.contentId));

  return (
    <Box component="article" aria-labelledby="email-subject" className="mail-print-area" sx={{ px: { xs: 1.5, sm: 3 }, py: 2 }}>
      <Heading m={m} onStar={onStar} onImportant={onImportant} />
      <Sender m={m} me={me} />
      <MailLinks emailId={m._id} folder={m.folder} />

      {m.hasRemoteImages && !showRemote && (
        <Alert
          severity="info"
          icon={<ImageIcon />}
          sx={{ mt: 2, '@media print': { display: 'none' } }}
          action={
            <Button color="inherit" size="small" onClick={() => setShowRemote(true)}>
              {t('reader.showImages')}
            </Button>
          }
        >
          {t('reader.remoteImages')}
        </Alert>
      )}

      <Box sx={{ mt: 2, pl: { xs: 0, sm: 7 } }}>
        <MessageFrame html={html} showRemote={showRemote} title={t('reader.frame')} />
      </Box>

      <ReaderAttachments emailId={m._id} attachments={attachments} />

      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 3, pl: { xs: 0, sm: 7 }, flexWrap: 'wrap', '@media print': { display: 'none' } }}>
        {m.folder === 'drafts' ? (
          <Button variant="contained" startIcon={<EditIcon />} onClick={onEditDraft}>
            {t('reader.editDraft')}
          </Button>
        ) : (
          <>
            <Button variant="outlined" startIcon={<ReplyIcon />} onClick={() => onReply('reply')}>
              {t('reader.reply')}
            </Button>
            <Button variant="outlined" startIcon={<ReplyAllIcon />} onClick={() => onReply('replyAll')}>
              {t('reader.replyAll')}
            </Button>
            <Button variant="outlined" startIcon={<ForwardIcon />} onClick={() => onReply('forward')}>
              {t('reader.forward')}
            </Button>
          </>
        )}
      </Stack>
    </Box>
  );
}
