import type { ReactNode } from 'react';
import { Box, InputAdornment, Tab, Tabs, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';

/** The tabs of a list screen (Todos, Ativos, ...): a filter, announced as such. */
export function FilterTabs<T extends string>(props: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  const { label, value, options, onChange } = props;
  return (
    <Tabs
      value={value}
      onChange={(_, v: T) => onChange(v)}
      aria-label={label}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {options.map((o) => (
        <Tab key={o.value} value={o.value} label={o.label} />
      ))}
    </Tabs>
  );
}

/** A search box whose placeholder also names it for screen readers. */
export function SearchBox(props: { placeholder: string; value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      type="search"
      size="small"
      placeholder={props.placeholder}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      slotProps={{
        htmlInput: { 'aria-label': props.placeholder },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      fullWidth
      sx={{ maxWidth: { sm: 480 } }}
    />
  );
}

/** A screen heading with its main action on the right (wrapping under it on a phone). */
export function PageHeader(props: { title: string; action?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mt: 2, mb: 2 }}>
      <Box component="h1" sx={{ typography: 'h5', m: 0 }}>
        {props.title}
      </Box>
      {props.action}
    </Box>
  );
}
