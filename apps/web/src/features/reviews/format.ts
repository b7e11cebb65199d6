/** Locale-aware formatting of the reviews screen: the app-wide helpers of `lib/format.ts`. */
export { formatDate, formatNumber } from '../../lib/format.ts';
