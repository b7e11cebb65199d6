/**
 * The dashboards' layout: a page header (title, a line on what the cards show, and the
 * dashboard's period picker for the cards without their own), a row of statistics cards that
 * fills the width (as many per line as fit, at least 200 px each), and a 12-column grid of the
 * larger cards from the `md` breakpoint up (one column below it).
 */
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import type { TPeriod } from '../schema.ts';
import { PeriodSelect } from './period-select.tsx';

export interface DashboardPageProps {
  title: string;
  subtitle: string;
  period: TPeriod;
  onPeriod: (period: TPeriod) => void;
  testId: string;
  children: ReactNode;
}

export function DashboardPage({ title, subtitle, period, onPeriod, testId, children }: DashboardPageProps) {
  const { t } = useTranslation('demo-dashboards');
  return (
    <Box data-testid={testId} sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <PageHeader title={title} subtitle={subtitle}>
        <PeriodSelect value={period} onChange={onPeriod} label={t('period.dashboard')} testId="dashboard-period" />
      </PageHeader>
      {children}
    </Box>
  );
}

/** The statistics cards' row. */
export function StatisticsRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={label} sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' }}>
      {children}
    </Box>
  );
}

/** The larger cards' grid. */
export function CardGrid({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(12, minmax(0, 1fr))' } }}>{children}</Box>;
}

/** A cell of {@link CardGrid}, `span` columns wide from `md` up. */
export function GridCell({ span, children }: { span: number; children: ReactNode }) {
  return <Box sx={{ gridColumn: { md: `span ${span}` }, minWidth: 0 }}>{children}</Box>;
}
