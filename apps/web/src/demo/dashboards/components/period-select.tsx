/**
 * The period pickers (Last 28 Days, Last Month, Last Year) and the revenue report's
 * year picker, each kept in the URL (docs/requirements/code-layout.md#list-state-lives-in-the-url)
 * under its own key: the card's path segment (`?support-tracker=last-month`,
 * `?revenue-report=2019`) or `period` for the dashboard's own picker. The default is left out of
 * the URL.
 */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useUrlParams } from '../../../lib/url-params.ts';
import { DASHBOARD_PERIODS, DEFAULT_PERIOD, REVENUE_REPORT_YEARS, ZPeriod, type TPeriod, type TRevenueReportYear } from '../schema.ts';

/** The period under URL key `key` (the default when absent or unknown), and its setter. */
export function usePeriodParam(key: string): [TPeriod, (period: TPeriod) => void] {
  const [params, update] = useUrlParams();
  const period = ZPeriod.safeParse(params.get(key)).data ?? DEFAULT_PERIOD;
  const set = useCallback(
    (next: TPeriod) =>
      update((draft) => {
        if (next === DEFAULT_PERIOD) draft.delete(key);
        else draft.set(key, next);
      }, { replace: true }),
    [key, update],
  );
  return [period, set];
}

/** The revenue report's year under URL key `key` (default the newest), and its setter. */
export function useYearParam(key: string): [TRevenueReportYear, (year: TRevenueReportYear) => void] {
  const [params, update] = useUrlParams();
  const year = REVENUE_REPORT_YEARS.find((candidate) => String(candidate) === params.get(key)) ?? REVENUE_REPORT_YEARS[0];
  const set = useCallback(
    (next: TRevenueReportYear) =>
      update((draft) => {
        if (next === REVENUE_REPORT_YEARS[0]) draft.delete(key);
        else draft.set(key, String(next));
      }, { replace: true }),
    [key, update],
  );
  return [year, set];
}

export interface PeriodSelectProps {
  value: TPeriod;
  onChange: (period: TPeriod) => void;
  /** The picker's label (default "Period"). */
  label?: string;
  testId: string;
}

/** A small select of the three periods. */
export function PeriodSelect({ value, onChange, label, testId }: PeriodSelectProps) {
  const { t } = useTranslation('demo-dashboards');
  return (
    <TextField
      select
      size="small"
      label={label ?? t('period.label')}
      value={value}
      onChange={(event) => onChange(ZPeriod.parse(event.target.value))}
      sx={{ width: 150, flexShrink: 0 }}
      data-testid={testId}
    >
      {DASHBOARD_PERIODS.map((period) => (
        <MenuItem key={period} value={period}>
          {t(`periods.${period}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A small select of the revenue report's years. */
export function YearSelect({ value, onChange, testId }: { value: TRevenueReportYear; onChange: (year: TRevenueReportYear) => void; testId: string }) {
  const { t } = useTranslation('demo-dashboards');
  return (
    <TextField
      select
      size="small"
      label={t('year.label')}
      value={value}
      onChange={(event) => onChange(REVENUE_REPORT_YEARS.find((year) => year === Number(event.target.value)) ?? REVENUE_REPORT_YEARS[0])}
      sx={{ width: 110, flexShrink: 0 }}
      data-testid={testId}
    >
      {REVENUE_REPORT_YEARS.map((year) => (
        <MenuItem key={year} value={year}>
          {year}
        </MenuItem>
      ))}
    </TextField>
  );
}
