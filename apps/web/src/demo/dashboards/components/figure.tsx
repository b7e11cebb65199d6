/** A labelled figure under a chart: the label small and muted, the figure bold under it. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface FigureProps {
  label: string;
  value: string;
  testId?: string;
  /** Shown under the figure (a progress bar). */
  children?: ReactNode;
}

export function Figure({ label, value, testId, children }: FigureProps) {
  return (
    <Box sx={{ minWidth: 0 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary" noWrap>
        {label}
      </Typography>
      <Typography component="p" variant="h6" sx={{ fontWeight: 700, lineHeight: 1.3 }} noWrap>
        {value}
      </Typography>
      {children}
    </Box>
  );
}
