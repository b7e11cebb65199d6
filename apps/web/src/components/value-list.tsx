/**
 * A read-only list of labelled values (a `<dl>` laid out as two columns): what viewers see
 * instead of the controls of a complaint or a ticket.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * @param rows `[key, label, value]`; the key names each value's test id, `${testId}-value-${key}`
 * @param testId of the list, and the prefix of its values' test ids
 */
export function ValueList({ rows, testId }: { rows: readonly (readonly [string, string, ReactNode])[]; testId: string }) {
  const prefix = testId.replace(/-read-only$/, '');
  return (
    <Box component="dl" data-testid={testId} sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
      {rows.map(([key, label, value]) => (
        <Box key={key} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }} data-testid={`${prefix}-value-${key}`}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
