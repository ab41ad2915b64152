import { Box, ButtonBase, Checkbox, IconButton, Tooltip, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import LabelImportantIcon from '@mui/icons-material/LabelImportant';
import LabelImportantOutlinedIcon from '@mui/icons-material/LabelImportantOutlined';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { emailListDate, emailSubjectLine, formatDateTimeBR, MAIL_MESSAGES, type EmailSummary } from '@veritas/common';
import { visuallyHidden } from './MailSidebar';

/** Who a row names: the sender, or 'Para:' and the recipients for one's own sent mail and drafts. */
export function rowCorrespondent(m: EmailSummary): string {
  if (m.folder === 'sent' || m.folder === 'drafts') {
    const names = m.to.map((a) => a.name || a.address).join(', ');
    return `Para: ${names || '(sem destinatário)'}`;
  }
  return m.fromName || m.from;
}

export interface RowHandlers {
  onCheck: (id: string, checked: boolean) => void;
  onStar: (m: EmailSummary) => void;
  onImportant: (m: EmailSummary) => void;
  /** Drafts open in compose; everything else is a link to the reading view. */
  onOpenDraft: (m: EmailSummary) => void;
  hrefOf: (m: EmailSummary) => string;
}

function MailRow(props: { m: EmailSummary; checked: boolean; current: boolean; now: Date } & RowHandlers) {
  const { m, checked, current, now, onCheck, onStar, onImportant, onOpenDraft, hrefOf } = props;
  const subject = emailSubjectLine(m.subject);
  const unread = !m.read && m.folder === 'inbox';
  const weight = unread ? 700 : 400;
  const row = useRef<HTMLLIElement>(null);
  // The keyboard cursor (j/k) takes the focus along, so the row is scrolled to and announced.
  useEffect(() => {
    if (current) row.current?.querySelector<HTMLElement>('[data-open]')?.focus();
  }, [current]);
  const open = m.folder === 'drafts' ? { component: 'button' as const, onClick: () => onOpenDraft(m) } : { component: Link, to: hrefOf(m) };

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
        '&:hover': { boxShadow: 'inset 0 -1px 0 rgba(0,0,0,.12), 0 1px 2px rgba(0,0,0,.15)' },
      }}
    >
      <Checkbox
        size="small"
        checked={checked}
        onChange={(e) => onCheck(m._id, e.target.checked)}
        slotProps={{ input: { 'aria-label': `Selecionar: ${subject}` } }}
      />
      <IconButton
        size="small"
        aria-label={m.starred ? 'Remover estrela' : 'Marcar com estrela'}
        aria-pressed={m.starred}
        onClick={() => onStar(m)}
        sx={{ color: m.starred ? '#f4b400' : 'action.active' }}
      >
        {m.starred ? <StarIcon fontSize="small" /> : <StarBorderIcon fontSize="small" />}
      </IconButton>
      <IconButton
        size="small"
        aria-label={m.important ? 'Desmarcar como importante' : 'Marcar como importante'}
        aria-pressed={m.important}
        onClick={() => onImportant(m)}
        sx={{ color: m.important ? '#f4b400' : 'action.active', display: { xs: 'none', sm: 'inline-flex' } }}
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
          {unread && <Box component="span" sx={visuallyHidden}>Não lido: </Box>}
          {rowCorrespondent(m)}
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
          {m.hasAttachments && <AttachFileIcon fontSize="small" titleAccess="Com anexo" sx={{ color: 'action.active' }} />}
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

export function MailList(props: {
  rows: EmailSummary[];
  loading: boolean;
  checked: ReadonlySet<string>;
  /** The row the keyboard cursor (j/k) is on. */
  cursor: string | null;
} & RowHandlers) {
  const { rows, loading, checked, cursor, ...handlers } = props;
  if (!rows.length) {
    return (
      <Typography role="status" sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>
        {loading ? MAIL_MESSAGES.loading : MAIL_MESSAGES.empty}
      </Typography>
    );
  }
  const now = new Date();
  return (
    <Box component="ul" aria-label="Emails" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((m) => (
        <MailRow key={m._id} m={m} checked={checked.has(m._id)} current={cursor === m._id} now={now} {...handlers} />
      ))}
    </Box>
  );
}
