/**
 * The frame of every Business Overview screen: title, the outlet and period pickers (in the URL),
 * and the states before there is an outlet to show (loading, error, no outlets).
 */
import Stack from '@mui/material/Stack';
import type { TOrdersOutlet } from '@dinedesk/contracts/orders';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListError, ListSkeleton } from '../../../components/list-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useOrdersOutlets, type Period } from '../api/overview.ts';
import { useOverviewParams } from '../hooks/use-overview-params.ts';
import { OverviewControls } from './overview-controls.tsx';

export function OverviewScreen({ title, subtitle, withPeriod = true, children }: { title: string; subtitle: string; withPeriod?: boolean; children: (outlet: TOrdersOutlet, period: Period) => ReactNode }) {
  const { t } = useTranslation('business-overview');
  const { t: appT } = useTranslation();
  const outlets = useOrdersOutlets();
  const list = outlets.data?.data ?? [];
  const { outlet, period, setOutlet, setPeriod } = useOverviewParams(list);
  return (
    <Stack spacing={3}>
      <PageHeader title={title} subtitle={subtitle} />
      {outlets.isPending ? (
        <ListSkeleton rows={1} rowHeight={56} label={appT('common.loading')} />
      ) : outlets.isError ? (
        <ListError error={outlets.error} onRetry={() => void outlets.refetch()} />
      ) : !outlet ? (
        <ListEmpty title={t('empty.noOutlets')} testId="overview-no-outlets" />
      ) : (
        <>
          <OverviewControls key={`${outlet.id}:${period.from}:${period.to}`} outlets={list} outlet={outlet} onOutlet={setOutlet} period={period} onPeriod={setPeriod} withPeriod={withPeriod} />
          {children(outlet, period)}
        </>
      )}
    </Stack>
  );
}

/** Insights of an outlet without orders: say so, and where to import them. */
export function NoOrders({ outlet }: { outlet: TOrdersOutlet }) {
  const { t } = useTranslation('business-overview');
  return <ListEmpty title={t('empty.noOrders', { outlet: outlet.name })} description={outlet.canImport ? t('empty.importHint') : t('empty.askOwner')} testId="overview-no-orders" />;
}
