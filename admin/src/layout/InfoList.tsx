import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

export type InfoItem = [label: string, value: ReactNode];

const blank = (v: ReactNode) => v === null || v === undefined || v === '' || v === false;

/** Label and value pairs as a definition list, two columns on wide screens; blanks show '—'. */
export function InfoList({ items, columns = 2 }: { items: InfoItem[]; columns?: 1 | 2 }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', columnGap: 3, rowGap: 1.5, gridTemplateColumns: { xs: '1fr', sm: columns === 2 ? '1fr 1fr' : '1fr' } }}
    >
      {items.map(([label, value]) => (
        <Box key={label} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {blank(value) ? '—' : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A titled block inside a details tab. */
export function InfoSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
