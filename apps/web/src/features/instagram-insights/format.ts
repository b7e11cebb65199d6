/**
 * Numbers of the Instagram insights in the reader's language: counts with grouping, and watch
 * times (Graph gives milliseconds) as seconds, minutes or hours.
 */
import type { TFunction } from 'i18next';

/** A count, grouped for `language` (1,234 / 1.234). */
export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(language).format(value);
}

/** A duration given in milliseconds: seconds below a minute, minutes below an hour, else hours. */
export function formatDuration(ms: number, language: string, t: TFunction<'instagram'>): string {
  const number = (v: number, digits: number) => new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(v);
  if (ms < 60_000) return t('duration.seconds', { value: number(ms / 1000, 1) });
  if (ms < 3_600_000) return t('duration.minutes', { value: number(ms / 60_000, 1) });
  return t('duration.hours', { value: number(ms / 3_600_000, 1) });
}

/** Watch times are durations; every other metric is a count. */
export function formatMetric(metric: string, value: number, language: string, t: TFunction<'instagram'>): string {
  return metric === 'ig_reels_avg_watch_time' || metric === 'ig_reels_video_view_total_time' ? formatDuration(value, language, t) : formatCount(value, language);
}
