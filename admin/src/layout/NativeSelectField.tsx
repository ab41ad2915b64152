import { useId } from 'react';
import { styled, type SxProps, type Theme } from '@mui/material/styles';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';

const Field = styled('div')(({ theme }) => ({
  display: 'inline-flex',
  flexDirection: 'column',
  gap: theme.spacing(0.25),
  minWidth: 0,
  '& label': { fontSize: '0.75rem', lineHeight: 1.2, opacity: 0.85 },
  '& .select': { position: 'relative', display: 'flex', alignItems: 'center' },
  '& select': {
    appearance: 'none',
    width: '100%',
    font: 'inherit',
    fontSize: '0.875rem',
    color: 'inherit',
    backgroundColor: 'transparent',
    border: '1px solid currentColor',
    borderRadius: theme.shape.borderRadius,
    padding: theme.spacing(0.5, 3.5, 0.5, 1.25),
    cursor: 'pointer',
    '&:focus-visible': { outline: `2px solid ${theme.palette.secondary.main}`, outlineOffset: 1 },
  },
  // The list a browser opens takes the page's colours, not the app bar's.
  '& option': { color: theme.palette.text.primary, backgroundColor: theme.palette.background.paper },
  '& svg': { position: 'absolute', right: theme.spacing(0.5), pointerEvents: 'none', fontSize: '1.25rem' },
  // Compact (the app bar on a phone): the label is read by screen readers but takes no room.
  '&.compact label': {
    [theme.breakpoints.down('sm')]: { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
  },
}));

/**
 * A labelled native `<select>` (role combobox, the phone's own picker, the keyboard for free) for
 * the few choices of the first screens — the dashboard's period and the master's simulation — where
 * MUI's select would bring its menu, popover and input kit into the first load.
 */
export function NativeSelectField<T extends string>(props: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  sx?: SxProps<Theme>;
  /** On a phone, the label only for screen readers. */
  compact?: boolean;
}) {
  const { label, value, options, onChange, sx, compact } = props;
  const id = useId();
  return (
    <Field sx={sx} className={compact ? 'compact' : undefined}>
      <label htmlFor={id}>{label}</label>
      <span className="select">
        <select id={id} value={value} onChange={(e) => onChange(e.target.value as T)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <ArrowDropDownIcon aria-hidden />
      </span>
    </Field>
  );
}
