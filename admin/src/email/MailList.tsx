import { Alert, Box, ButtonBase, Checkbox, IconButton, Tooltip, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import LabelImportantIcon from '@mui/icons-material/LabelImportant';
import LabelImportantOutlinedIcon from '@mui/icons-material/LabelImportantOutlined';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { useEffect, useRef } from 'react';
import { useListContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { emailListDate, emailSubjectLine, formatDateTimeBR, type EmailSummary } from '@veritas/common';
import type { MailRow } from './mailCache';
import { visuallyHidden } from './MailSidebar';
import { useMailText, type MailText } from './mailText';
import { markColor, shadows } from '@veritas/web';

/** Who a row names: the sender, or 'Para:' and the recipients for one's own sent mail and drafts. */
export function rowCorrespondent(m: EmailSummary, t: MailText): string {
  if (m.folder === 'sent' || m.folder === 'drafts') {
    const names = m.to.map((a) => a.name || a.address).join(', ');
    return t('list.to', { names: names || t('list.noRecipient') });
  }
  return m.fromName || m.from;
}

export interface RowHandlers {
  onStar: (m: EmailSummary) => void;
  onImportant: (m: EmailSummary) => void;
  /** Drafts open in compose; everything else is a link to the reading view. */
  onOpenDraft: (m: EmailSummary) => void;
  hrefOf: (id: string) => string;
}

interface RowProps extends RowHandlers {
  m: MailRow;
  checked: boolean;
  onCheck: (id: string) => void;
  current: boolean;
  now: Date;
}

function MailRowItem({ m, checked, onCheck, current, now, onStar, onImportant, onOpenDraft, hrefOf }: RowProps) {
  const t = useMailText();
  const subject = emailSubjectLine(m.subject);
  const unread = !m.read && m.folder === 'inbox';
  const weight = unread ? 700 : 400;
  const row = useRef<HTMLLIElement>(null);
  // The keyboard cursor (j/k) takes the focus along, so the row is scrolled to and announced.
  useEffect(() => {
    if (current) row.current?.querySelector<HTMLElement>('[data-open]')?.focus();
  }, [current]);
  const open = m.folder === 'drafts' ? { component: 'button' as const, onClick: () => onOpenDraft(m) } : { component: Link, to: hrefOf(m._id) };

  return (
    <Box
      component="li"
      ref={row}
      aria-current={current ? 'true' : undefined}
      sx={{
        boxShadow: current ? (theme) => `inset 4px 0 0 ${theme.palette.primary.main}` : undefined,
        display: 'flex',
        alignItems: 'center',
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: checked ? 'action.selected' : unread ? 'background.paper' : 'action.hover',
        '&:hover': { boxShadow: shadows.sm },
      }}
    >
      <Checkbox size="small" checked={checked} onChange={() => onCheck(m.id)} slotProps={{ input: { 'aria-label': t('list.select', { subject }) } }} />
      <IconButton
        size="small"
        aria-label={t(m.starred ? 'list.unstar' : 'list.star')}
        aria-pressed={m.starred}
        onClick={() => onStar(m)}
        sx={{ color: m.starred ? markColor : 'action.active' }}
      >
        {m.starred ? <StarIcon fontSize="small" /> : <StarBorderIcon fontSize="small" />}
      </IconButton>
      <IconButton
        size="small"
        aria-label={t(m.important ? 'list.unimportant' : 'list.important')}
        aria-pressed={m.important}
        onClick={() => onImportant(m)}
        sx={{ color: m.important ? markColor : 'action.active', display: { xs: 'none', sm: 'inline-flex' } }}
      >
        {m.important ? <LabelImportantIcon fontSize="small" /> : <LabelImportantOutlinedIcon fontSize="small" />}
      </IconButton>
      <ButtonBase
        {...open}
        data-open
        sx={{
          flex: 1,
          minWidth: 0,
          textAlign: 'left',
          justifyContent: 'flex-start',
          color: 'text.primary',
          textDecoration: 'none',
          py: 1,
          pr: 1.5,
          pl: 0.5,
          display: 'grid',
          alignItems: 'center',
          columnGap: 1.5,
          gridTemplateColumns: { xs: '1fr auto', md: 'minmax(120px, 200px) 1fr auto auto' },
          gridTemplateAreas: { xs: '"who date" "text clip"', md: '"who text clip date"' },
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      >
        <Typography noWrap sx={{ gridArea: 'who', fontWeight: weight, fontSize: 14 }}>
          {unread && (
            <Box component="span" sx={visuallyHidden}>
              {t('list.unreadMark')}
            </Box>
          )}
          {rowCorrespondent(m, t)}
        </Typography>
        <Typography noWrap sx={{ gridArea: 'text', fontSize: 14, minWidth: 0 }}>
          <Box component="span" sx={{ fontWeight: weight }}>
            {subject}
          </Box>
          {m.preview && (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {' – '}
              {m.preview}
            </Box>
          )}
        </Typography>
        <Box sx={{ gridArea: 'clip', display: 'flex', alignItems: 'center' }}>
          {m.hasAttachments && <AttachFileIcon fontSize="small" titleAccess={t('list.withAttachment')} sx={{ color: 'action.active' }} />}
        </Box>
        <Tooltip title={formatDateTimeBR(m.date)}>
          <Typography component="span" sx={{ gridArea: 'date', fontSize: 12, fontWeight: weight, whiteSpace: 'nowrap', justifySelf: 'end' }}>
            {emailListDate(m.date, now)}
          </Typography>
        </Tooltip>
      </ButtonBase>
    </Box>
  );
}

/**
 * The folder's rows, as react-admin's list context holds them (`rows` is that page, filtered as
 * the search is typed), with the list's selection; empty, loading and failure said in words.
 */
export function MailList(props: { rows: MailRow[]; searching: boolean; cursor: string | null } & RowHandlers) {
  const { rows, searching, cursor, ...handlers } = props;
  const t = useMailText();
  const { selectedIds, onToggleItem, isPending, error } = useListContext<MailRow>();
  if (error) {
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {t('list.loadError')}
      </Alert>
    );
  }
  if (!rows.length) {
    return (
      <Typography role="status" sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>
        {t(isPending || searching ? 'list.loading' : 'list.empty')}
      </Typography>
    );
  }
  const now = new Date();
  return (
    <Box component="ul" aria-label={t('list.label')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((m) => (
        <MailRowItem key={m.id} m={m} checked={selectedIds.includes(m.id)} onCheck={onToggleItem} current={cursor === m.id} now={now} {...handlers} />
      ))}
    </Box>
  );
}
