import type { ReactElement } from 'react';
import { Box, Button, LinearProgress, List, ListItemButton, ListItemIcon, ListItemText, NativeSelect, Typography } from '@mui/material';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import CreateIcon from '@mui/icons-material/Create';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DraftsOutlinedIcon from '@mui/icons-material/DraftsOutlined';
import InboxIcon from '@mui/icons-material/Inbox';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { useQuery } from '@tanstack/react-query';
import { EMAIL_FOLDERS, formatFileSize, type EmailFolder } from '@veritas/common';
import { useMailbox } from '../providers/emailMethods';
import { USAGE_KEY, useUnreadCount, type UnreadCount } from './mailCache';
import { useMailText } from './mailText';

const FOLDER_ICONS: Record<EmailFolder, ReactElement> = {
  inbox: <InboxIcon />,
  sent: <SendOutlinedIcon />,
  drafts: <DraftsOutlinedIcon />,
  starred: <StarBorderIcon />,
  archive: <ArchiveOutlinedIcon />,
  trash: <DeleteOutlinedIcon />,
};

/** Read by screen readers, not shown. */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

const shownCount = ({ count, exact }: UnreadCount) => (exact ? String(count) : `${count}+`);

/** The storage bar: the mailbox's real size against MAIL_QUOTA_BYTES (not §2.14's fixed 35 %). */
export function StorageBar() {
  const mail = useMailbox();
  const t = useMailText();
  const { data: usage } = useQuery({ queryKey: USAGE_KEY, queryFn: () => mail.getMailUsage() });
  if (!usage) return null;
  const percent = usage.quotaBytes > 0 ? Math.min(100, (usage.usedBytes / usage.quotaBytes) * 100) : 0;
  const shown = percent > 0 && percent < 1 ? '< 1' : String(Math.round(percent));
  const text = t('nav.used', { used: formatFileSize(usage.usedBytes), quota: formatFileSize(usage.quotaBytes) });
  return (
    <Box sx={{ px: 2, py: 1.5 }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={t('nav.storage')}
        aria-valuetext={`${text} (${shown}%)`}
        color={percent >= 90 ? 'error' : 'primary'}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.75 }}>
        {text} ({shown}%)
      </Typography>
    </Box>
  );
}

export interface SidebarProps {
  folder: EmailFolder;
  onCompose: () => void;
  onFolder: (folder: EmailFolder) => void;
}

/** Escrever, the folders (the inbox with its unread count) and the storage bar. */
export function MailSidebar({ folder, onCompose, onFolder }: SidebarProps) {
  const t = useMailText();
  const unread = useUnreadCount();
  return (
    <Box
      component="nav"
      aria-label={t('nav.folders')}
      sx={{ width: 230, flexShrink: 0, display: { xs: 'none', md: 'flex' }, flexDirection: 'column', pt: 1 }}
    >
      <Box sx={{ px: 1.5, pb: 1 }}>
        <Button variant="contained" size="large" startIcon={<CreateIcon />} onClick={onCompose} sx={{ borderRadius: 4, px: 3 }}>
          {t('nav.compose')}
        </Button>
      </Box>
      <List dense disablePadding>
        {EMAIL_FOLDERS.map((f) => (
          <ListItemButton
            key={f}
            selected={f === folder}
            aria-current={f === folder ? 'page' : undefined}
            onClick={() => onFolder(f)}
            sx={{ borderRadius: '0 16px 16px 0', mr: 1 }}
          >
            <ListItemIcon sx={{ minWidth: 36 }}>{FOLDER_ICONS[f]}</ListItemIcon>
            <ListItemText
              primary={t(`folders.${f}`)}
              slotProps={{ primary: { sx: { fontWeight: f === 'inbox' && unread.count > 0 ? 700 : undefined } } }}
            />
            {f === 'inbox' && unread.count > 0 && (
              <Typography variant="body2" component="span" sx={{ fontWeight: 700 }}>
                <span aria-hidden="true">{shownCount(unread)}</span>
                <Box component="span" sx={visuallyHidden}>
                  {t('nav.unread', { smart_count: unread.count, count: shownCount(unread) })}
                </Box>
              </Typography>
            )}
          </ListItemButton>
        ))}
      </List>
      <Box sx={{ mt: 'auto' }}>
        <StorageBar />
      </Box>
    </Box>
  );
}

/** On a phone: Escrever and a folder picker above the list. */
export function MailFolderBar({ folder, onCompose, onFolder }: SidebarProps) {
  const t = useMailText();
  const unread = useUnreadCount();
  const label = (f: EmailFolder) => (f === 'inbox' && unread.count > 0 ? `${t(`folders.${f}`)} (${shownCount(unread)})` : t(`folders.${f}`));
  return (
    <Box sx={{ display: { xs: 'flex', md: 'none' }, alignItems: 'center', gap: 1, px: 1, py: 1 }}>
      <Button variant="contained" startIcon={<CreateIcon />} onClick={onCompose}>
        {t('nav.compose')}
      </Button>
      <NativeSelect
        value={folder}
        onChange={(e) => onFolder(e.target.value as EmailFolder)}
        inputProps={{ 'aria-label': t('nav.folder') }}
        sx={{ flex: 1, minWidth: 0 }}
      >
        {EMAIL_FOLDERS.map((f) => (
          <option key={f} value={f}>
            {label(f)}
          </option>
        ))}
      </NativeSelect>
    </Box>
  );
}
