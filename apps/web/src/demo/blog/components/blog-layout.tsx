/**
 * The blog pages' frame: the page title (`h1`), the page's content and the sidebar beside it
 * from the `md` breakpoint up, under it below.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface BlogLayoutProps {
  /** The page's `h1`; leave it out when the content has its own (the detail's post title). */
  title?: string;
  sidebar: ReactNode;
  children: ReactNode;
}

export function BlogLayout({ title, sidebar, children }: BlogLayoutProps) {
  return (
    <Box>
      {title !== undefined && (
        <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 3 }}>
          {title}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 300px' }, alignItems: 'start' }}>
        <Box sx={{ minWidth: 0 }}>{children}</Box>
        {sidebar}
      </Box>
    </Box>
  );
}
