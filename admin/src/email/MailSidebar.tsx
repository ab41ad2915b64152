import type { ReactElement } from 'react';
import { Box, Button, LinearProgress, List, ListItemButton, ListItemIcon, ListItemText, NativeSelect, Typography } from '@mui/material';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import CreateIcon from '@mui/icons-material/Create';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DraftsOutlinedIcon from '@mui/icons-material/DraftsOutlined';
import InboxIcon from '@mui/icons-material/Inbox';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { EMAIL_FOLDER_LABELS, EMAIL_FOLDERS, formatFileSize, type EmailFolder, type MailUsage } from '@veritas/common';

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

function folderLabel(folder: EmailFolder, unread: number): string {
  return folder === 'inbox' && unread > 0 ? `${EMAIL_FOLDER_LABELS[folder]} (${unread})` : EMAIL_FOLDER_LABELS[folder];
}

/** The storage bar: the mailbox's real size against MAIL_QUOTA_BYTES (not §2.14's fixed 35 %). */
export function StorageBar({ usage }: { usage: MailUsage | null }) {
  if (!usage) return null;
  const percent = usage.quotaBytes > 0 ? Math.min(100, (usage.usedBytes / usage.quotaBytes) * 100) : 0;
  const shown = percent > 0 && percent < 1 ? '< 1' : String(Math.round(percent));
  const text = `${formatFileSize(usage.usedBytes)} de ${formatFileSize(usage.quotaBytes)} usados`;
  return (
    <Box sx={{ px: 2, py: 1.5 }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label="Armazenamento"
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
  unread: number;
  usage: MailUsage | null;
  onCompose: () => void;
  onFolder: (folder: EmailFolder) => void;
}

/** Escrever, the five folders (the inbox with its unread count) and the storage bar. */
export function MailSidebar({ folder, unread, usage, onCompose, onFolder }: SidebarProps) {
  return (
    <Box
      component="nav"
      aria-label="Pastas de email"
      sx={{ width: 230, flexShrink: 0, display: { xs: 'none', md: 'flex' }, flexDirection: 'column', pt: 1 }}
    >
      <Box sx={{ px: 1.5, pb: 1 }}>
        <Button variant="contained" size="large" startIcon={<CreateIcon />} onClick={onCompose} sx={{ borderRadius: 4, px: 3 }}>
          Escrever
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
              primary={EMAIL_FOLDER_LABELS[f]}
              slotProps={{ primary: { sx: { fontWeight: f === 'inbox' && unread > 0 ? 700 : undefined } } }}
            />
            {f === 'inbox' && unread > 0 && (
              <Typography variant="body2" component="span" sx={{ fontWeight: 700 }}>
                <span aria-hidden="true">{unread}</span>
                <Box component="span" sx={visuallyHidden}>
                  {`${unread} não lidos`}
                </Box>
              </Typography>
            )}
          </ListItemButton>
        ))}
      </List>
      <Box sx={{ mt: 'auto' }}>
        <StorageBar usage={usage} />
      </Box>
    </Box>
  );
}

/** On a phone: Escrever and a folder picker above the list. */
export function MailFolderBar({ folder, unread, onCompose, onFolder }: Omit<SidebarProps, 'usage'>) {
  return (
    <Box sx={{ display: { xs: 'flex', md: 'none' }, alignItems: 'center', gap: 1, px: 1, py: 1 }}>
      <Button variant="contained" startIcon={<CreateIcon />} onClick={onCompose}>
        Escrever
      </Button>
      <NativeSelect
        value={folder}
        onChange={(e) => onFolder(e.target.value as EmailFolder)}
        inputProps={{ 'aria-label': 'Pasta' }}
        sx={{ flex: 1, minWidth: 0 }}
      >
        {EMAIL_FOLDERS.map((f) => (
          <option key={f} value={f}>
            {folderLabel(f, unread)}
          </option>
        ))}
      </NativeSelect>
    </Box>
  );
}
