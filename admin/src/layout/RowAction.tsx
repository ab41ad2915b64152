import type { ReactElement } from 'react';
import { IconButton, Tooltip } from '@mui/material';

/**
 * An icon button in a DataTable row: a tooltip for the eye, a full name for screen readers
 * (`label`, e.g. "Excluir Padaria Ltda"), and a click that does not also trigger the row's click.
 */
export function RowAction(props: {
  label: string;
  title: string;
  icon: ReactElement;
  onClick: () => void;
  color?: 'error' | 'default';
  disabled?: boolean;
}) {
  const { label, title, icon, onClick, color = 'default', disabled = false } = props;
  return (
    <Tooltip title={title}>
      {/* A disabled button fires no events: the span keeps the tooltip working. */}
      <span onClick={(e) => e.stopPropagation()}>
        <IconButton
          size="small"
          color={color}
          aria-label={label}
          disabled={disabled}
          onClick={(e) => {
            e.stopPropagation();
            onClick();
          }}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}
