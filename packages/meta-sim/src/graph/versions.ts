/**
 * Graph API versions the simulator serves, and what it does with a call to a version Meta no
 * longer serves. Rules (docs/decisions/0047-graph-version-and-reviews-sunset.md):
 *
 * - Versions and expiry dates follow Meta's changelog
 *   (https://developers.facebook.com/docs/graph-api/changelog/versions/): v21.0 expires
 *   2027-01-21, v22.0 2027-05-20, v23.0 2027-10-08, v24.0 2028-02-18, v25.0 2028-07-29, v26.0
 *   (released 2026-07-29) has no date yet. Older versions are listed with their past expiries.
 * - A retired version is not refused: "once a version is no longer usable, any calls made to it
 *   will be defaulted to the next oldest usable version" (Graph API "Platform Versioning",
 *   https://developers.facebook.com/docs/graph-api/guides/versioning). The `facebook-api-version`
 *   answer header names the version that actually ran, which is how a client learns of it.
 * - A version Meta never released (`v99.0`, `v21.5`) is not a version to Graph: the segment is
 *   read as a node and the call fails with 2500 "Unknown path components" (what Graph answers
 *   for e.g. `/v2.80/me`).
 * - Release dates are not checked against the clock: tests run the simulator with clocks in the
 *   past (2024) and still call v21.0.
 */

/**
 * The day the table below was checked against Meta's changelog. Test suites on the real clock
 * judge versions at this day (v21.0 served), so they keep working after Meta's dates pass.
 */
export const VERSIONS_CHECKED_ON = new Date('2026-12-04T00:00:00Z');

/** A Graph version: its label and the day (UTC) from which Meta no longer serves it; null = not announced. */
export interface GraphVersionInfo {
  label: string;
  major: number;
  minor: number;
  /** `YYYY-MM-DD`: from this day on, calls to it run on the next usable version. */
  expires: string | null;
}

/** Meta's version table, oldest first (changelog "Versions", checked 2026-12). */
const TABLE: readonly [string, string | null][] = [
  ['v2.0', '2016-08-08'],
  ['v2.1', '2016-10-31'],
  ['v2.2', '2017-03-27'],
  ['v2.3', '2017-07-10'],
  ['v2.4', '2017-10-09'],
  ['v2.5', '2018-04-12'],
  ['v2.6', '2018-07-13'],
  ['v2.7', '2018-10-05'],
  ['v2.8', '2019-04-18'],
  ['v2.9', '2019-07-22'],
  ['v2.10', '2019-11-07'],
  ['v2.11', '2020-01-28'],
  ['v2.12', '2020-05-05'],
  ['v3.0', '2020-07-28'],
  ['v3.1', '2020-10-27'],
  ['v3.2', '2021-05-04'],
  ['v3.3', '2021-08-03'],
  ['v4.0', '2021-11-02'],
  ['v5.0', '2022-02-03'],
  ['v6.0', '2022-05-05'],
  ['v7.0', '2022-08-04'],
  ['v8.0', '2022-11-01'],
  ['v9.0', '2023-02-23'],
  ['v10.0', '2023-06-08'],
  ['v11.0', '2023-09-14'],
  ['v12.0', '2024-02-08'],
  ['v13.0', '2024-05-28'],
  ['v14.0', '2024-09-17'],
  ['v15.0', '2024-11-20'],
  ['v16.0', '2025-05-14'],
  ['v17.0', '2025-09-12'],
  ['v18.0', '2026-01-26'],
  ['v19.0', '2026-05-21'],
  ['v20.0', '2026-09-24'],
  ['v21.0', '2027-01-21'],
  ['v22.0', '2027-05-20'],
  ['v23.0', '2027-10-08'],
  ['v24.0', '2028-02-18'],
  ['v25.0', '2028-07-29'],
  ['v26.0', null],
];

export const GRAPH_VERSIONS: readonly GraphVersionInfo[] = TABLE.map(([label, expires]) => {
  const [major, minor] = label.slice(1).split('.').map(Number) as [number, number];
  return { label, major, minor, expires };
});

const BY_LABEL = new Map(GRAPH_VERSIONS.map((v) => [v.label, v]));

/** Whether Meta still serves `v` at `now` (its expiry day not reached). */
export function isServed(v: GraphVersionInfo, now: Date): boolean {
  return v.expires === null || now.getTime() < Date.parse(`${v.expires}T00:00:00Z`);
}

/**
 * The version a call to `label` runs on at `now`.
 * @returns the version itself while served, the oldest served version after it once retired,
 *   or null when Meta never released `label` (the caller answers 2500)
 */
export function servedVersion(label: string, now: Date): GraphVersionInfo | null {
  const asked = BY_LABEL.get(label);
  if (!asked) return null;
  if (isServed(asked, now)) return asked;
  const i = GRAPH_VERSIONS.indexOf(asked);
  return GRAPH_VERSIONS.slice(i + 1).find((v) => isServed(v, now)) ?? GRAPH_VERSIONS[GRAPH_VERSIONS.length - 1]!;
}
