/**
 * The frame of every UI showcase page (docs/decisions/0038): the page's title as its
 * `h1` and document title (`demo:pages.<target>`, the side menu's name for it), a line on what
 * it shows and which library does it, and its blocks, each a titled card. One frame, so the
 * eight sections read alike in both skins.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { demoPageTitleKey, type DemoPageTarget } from '../routes.ts';

export interface ShowcasePageProps {
  /** The page's target in demo/routes.ts: its title is `demo:pages.<target>`. */
  target: DemoPageTarget;
  /** One sentence on what the page shows and which library does it. */
  subtitle: ReactNode;
  testId: string;
  children: ReactNode;
}

/** A showcase page: title, subtitle, blocks. */
export function ShowcasePage({ target, subtitle, testId, children }: ShowcasePageProps) {
  const { t } = useTranslation('demo');
  const title = t(demoPageTitleKey(target));
  useDocumentTitle(title);
  return (
    <Box data-testid={testId} sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <PageHeader title={title} subtitle={subtitle} />
      {children}
    </Box>
  );
}

/** One titled block of a page (a region named by its `h2`). */
export function DemoBlock({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} data-testid={testId} sx={{ p: 2.5, minWidth: 0 }}>
      <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Card>
  );
}

/** One titled card of demos with an optional action beside its title (a region named by its `h2`). */
export function DemoCard({ title, action, children, testId }: { title: ReactNode; action?: ReactNode; children: ReactNode; testId?: string }) {
  const titleId = useId();
  return (
    <Card data-testid={testId} component="section" aria-labelledby={titleId}>
      <CardHeader title={title} action={action} slotProps={{ title: { component: 'h2', variant: 'h6', id: titleId } }} />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  );
}

/** Cards side by side, as many per line as fit at `min` px each (one column on a phone). */
export function CardRow({ min = 280, children }: { min?: number; children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 3, alignItems: 'start', gridTemplateColumns: `repeat(auto-fill, minmax(min(${min}px, 100%), 1fr))` }}>{children}</Box>;
}

/** Blocks side by side, two per line from the `md` breakpoint up (one below it). */
export function BlockGrid({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 3, alignItems: 'start', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>{children}</Box>;
}

/** A row of samples that wraps. */
export function SampleRow({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2, '&:last-child': { mb: 0 } }}>{children}</Box>;
}
