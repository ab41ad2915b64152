import { useState } from 'react';
import { Box, Checkbox, Menu, MenuItem } from '@mui/material';
import AddTaskIcon from '@mui/icons-material/AddTask';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DriveFileMoveOutlinedIcon from '@mui/icons-material/DriveFileMoveOutlined';
import KeyboardOutlinedIcon from '@mui/icons-material/KeyboardOutlined';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import ReportGmailerrorredIcon from '@mui/icons-material/ReportGmailerrorred';
import RestoreFromTrashOutlinedIcon from '@mui/icons-material/RestoreFromTrashOutlined';
import SnoozeIcon from '@mui/icons-material/Snooze';
import { SortButton, useListContext } from 'react-admin';
import { MAILBOX_SORT_FIELDS, MOVE_TARGETS, type EmailFolder } from '@veritas/common';
import { InertButton } from './InertButton';
import type { MailRow } from './mailCache';
import { MailPager } from './MailPager';
import { useMailText } from './mailText';
import type { MailActions } from './useMailActions';
import { ToolButton } from './ToolButton';
import { printMessage } from './print';

/** What a folder lets one do to its messages. */
export function folderAbilities(folder: EmailFolder) {
  return {
    archive: folder !== 'archive' && folder !== 'drafts' && folder !== 'trash',
    move: folder !== 'drafts',
    markUnread: folder !== 'sent' && folder !== 'drafts',
    restore: folder === 'trash',
  };
}

export interface ToolbarProps {
  folder: EmailFolder;
  /** A message is open (the toolbar acts on it), else the list is shown (it acts on the selection). */
  reading: boolean;
  canPrint: boolean;
  targets: string[];
  /** The rows shown, for "Selecionar todos". */
  rows: MailRow[];
  actions: MailActions;
  onBack: () => void;
  onDelete: (ids: string[]) => void;
  onHelp: () => void;
}

/** §2.14's toolbar: select all or back, refresh, what can be done to the selection, the pager. */
export function MailToolbar({ folder, reading, canPrint, targets, rows, actions, onBack, onDelete, onHelp }: ToolbarProps) {
  const t = useMailText();
  const { selectedIds, onSelect, onUnselectItems } = useListContext<MailRow>();
  const [moveMenu, setMoveMenu] = useState<HTMLElement | null>(null);
  const can = folderAbilities(folder);
  const allChecked = rows.length > 0 && rows.every((r) => selectedIds.includes(r.id));
  const some = targets.length > 0;
  const moveTo = (target: (typeof MOVE_TARGETS)[number]) => {
    setMoveMenu(null);
    void actions.move(targets, target);
  };

  return (
    <Box
      role="toolbar"
      aria-label={t('toolbar.label')}
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: { xs: 0.5, sm: 1 }, py: 0.5, borderBottom: 1, borderColor: 'divider', minHeight: 48 }}
    >
      {reading ? (
        <ToolButton label={t('toolbar.back', { folder: t(`folders.${folder}`) })} title={t('toolbar.backTitle')} icon={<ArrowBackIcon />} onClick={onBack} />
      ) : (
        <Checkbox
          size="small"
          checked={allChecked}
          indeterminate={!allChecked && rows.some((r) => selectedIds.includes(r.id))}
          onChange={(e) => (e.target.checked ? onSelect(rows.map((r) => r.id)) : onUnselectItems())}
          slotProps={{ input: { 'aria-label': t('toolbar.selectAll') } }}
          disabled={!rows.length}
        />
      )}
      <ToolButton label={t('toolbar.refresh')} title={t('toolbar.refresh')} icon={<RefreshIcon />} onClick={actions.reload} />
      {some && <ToolButton label={t('toolbar.delete')} title={t('toolbar.delete')} icon={<DeleteOutlinedIcon />} onClick={() => onDelete(targets)} />}
      {some && can.archive && (
        <ToolButton label={t('toolbar.archive')} title={t('toolbar.archiveTitle')} icon={<ArchiveOutlinedIcon />} onClick={() => void actions.move(targets, 'archive')} />
      )}
      {some && can.restore && (
        <ToolButton label={t('toolbar.restore')} title={t('toolbar.restoreTitle')} icon={<RestoreFromTrashOutlinedIcon />} onClick={() => void actions.restore(targets)} />
      )}
      {some && can.markUnread && (
        <ToolButton
          label={t('toolbar.markUnread')}
          title={t('toolbar.markUnreadTitle')}
          icon={<MarkEmailUnreadOutlinedIcon />}
          onClick={() => void actions.markUnread(targets)}
        />
      )}
      {some && can.move && <ToolButton label={t('toolbar.move')} title={t('toolbar.move')} icon={<DriveFileMoveOutlinedIcon />} onClick={setMoveMenu} />}
      <Menu anchorEl={moveMenu} open={moveMenu !== null} onClose={() => setMoveMenu(null)} slotProps={{ list: { 'aria-label': t('toolbar.move') } }}>
        {MOVE_TARGETS.filter((target) => target !== folder).map((target) => (
          <MenuItem key={target} onClick={() => moveTo(target)}>
            {t(`folders.${target}`)}
          </MenuItem>
        ))}
      </Menu>
      {reading && canPrint && <ToolButton label={t('toolbar.print')} title={t('toolbar.print')} icon={<PrintOutlinedIcon />} onClick={printMessage} />}
      {/* §2.14's tools that stay inert (spam, snooze, tasks and labels have nothing behind them). */}
      <Box sx={{ display: { xs: 'none', lg: 'flex' } }}>
        <InertButton label={t('toolbar.spam')} icon={<ReportGmailerrorredIcon />} />
        <InertButton label={t('toolbar.snooze')} icon={<SnoozeIcon />} />
        <InertButton label={t('toolbar.tasks')} icon={<AddTaskIcon />} />
        <InertButton label={t('toolbar.labels')} icon={<LabelOutlinedIcon />} />
      </Box>
      <ToolButton label={t('toolbar.shortcuts')} title={t('toolbar.shortcutsTitle')} icon={<KeyboardOutlinedIcon />} onClick={onHelp} />
      <Box sx={{ flex: 1 }} />
      {!reading && (
        <>
          <Box sx={{ display: { xs: 'none', md: 'block' } }}>
            <SortButton fields={[...MAILBOX_SORT_FIELDS]} />
          </Box>
          <MailPager />
        </>
      )}
    </Box>
  );
}
