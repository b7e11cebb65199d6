/**
 * A comment's text with each mention (`@Full Name` of a mentioned teammate, found with the
 * contracts' `mentionSpans`, the server's own rule) set apart as a chip-like span. Line breaks are
 * kept; everything else is plain text (React escapes it).
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { mentionSpans, type TMentionedUser } from '@dinedesk/contracts';
import type { ReactNode } from 'react';

export function CommentText({ text, mentions }: { text: string; mentions: readonly TMentionedUser[] }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const span of mentionSpans(text, mentions)) {
    if (span.start > at) parts.push(text.slice(at, span.start));
    parts.push(
      <Box
        component="span"
        key={span.start}
        data-testid="mention"
        data-user-id={span.userId}
        sx={(theme) => ({
          px: 0.5,
          borderRadius: 1,
          fontWeight: 600,
          // The darker or lighter shade of the primary colour keeps the text readable on its tint.
          color: theme.palette.mode === 'dark' ? theme.palette.primary.light : theme.palette.primary.dark,
          bgcolor: alpha(theme.palette.primary.main, 0.12),
        })}
      >
        {text.slice(span.start, span.end)}
      </Box>,
    );
    at = span.end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return (
    <Typography variant="body2" component="p" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts}
    </Typography>
  );
}
