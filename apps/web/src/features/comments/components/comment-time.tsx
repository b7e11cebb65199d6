/**
 * When a comment or mention was written: relative ("5 minutes ago") on screen, the absolute date
 * and time in the `<time>` element's title and `dateTime`, so both are at hand.
 */
import { useTranslation } from 'react-i18next';
import { formatDate, formatRelativeTime } from '../format.ts';

export function CommentTime({ iso, now }: { iso: string; now: number }) {
  const { i18n } = useTranslation();
  return (
    <time dateTime={iso} title={formatDate(iso, i18n.language, true)}>
      {formatRelativeTime(iso, now, i18n.language)}
    </time>
  );
}
