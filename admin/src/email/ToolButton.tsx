import type { MouseEvent, ReactElement } from 'react';
import { IconButton, Tooltip } from '@mui/material';

/**
 * An icon button of the mailbox's toolbars and rows: a tooltip for the eye, a full name for
 * screen readers (`label`), and a click that does not also open the row under it.
 */
export function ToolButton(props: {
  label: string;
  title: string;
  icon: ReactElement;
  onClick: (anchor: HTMLElement) => void;
  disabled?: boolean;
}) {
  const { label, title, icon, onClick, disabled = false } = props;
  return (
    <Tooltip title={title}>
      {/* A disabled button fires no events: the span keeps the tooltip working. */}
      <span>
        <IconButton
          size="small"
          aria-label={label}
          disabled={disabled}
          onClick={(e: MouseEvent<HTMLButtonElement>) => {
            e.stopPropagation();
            onClick(e.currentTarget);
          }}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}
