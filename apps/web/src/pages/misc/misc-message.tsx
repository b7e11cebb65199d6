/**
 * The one layout of the misc screens (docs/requirements/routes.md /misc/*): a centred message with
 * an optional action. `fullPage` fills the viewport (outside the shell); otherwise it sits in the
 * content.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export interface MiscMessageProps {
  icon?: ReactNode;
  /** Small line above the title, e.g. "404". */
  eyebrow?: string;
  title: string;
  description: string;
  action?: ReactNode;
  fullPage?: boolean;
}

export function MiscMessage({ icon, eyebrow, title, description, action, fullPage = false }: MiscMessageProps) {
  // Inside the shell the screen's route sets the title; a full page sets its own.
  useDocumentTitle(title, undefined, fullPage);
  return (
    <Box
      component={fullPage ? 'main' : 'section'}
      sx={{
        minHeight: fullPage ? '100vh' : 360,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 1.5,
        p: 3,
        ...(fullPage ? { bgcolor: 'background.default', color: 'text.primary' } : {}),
      }}
    >
      {icon && (
        <Box aria-hidden sx={{ color: 'primary.main', '& svg': { fontSize: 56 } }}>
          {icon}
        </Box>
      )}
      {eyebrow && (
        <Typography variant="overline" color="text.secondary">
          {eyebrow}
        </Typography>
      )}
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
        {description}
      </Typography>
      {action && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Box>
  );
}
