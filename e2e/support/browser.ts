import { existsSync } from 'node:fs';

/**
 * Which Chromium the browser journeys drive ("A test run that needs nothing
 * preinstalled"; docs/dependencies.md#browser; docs/decisions/0016), in this order:
 * 1. `CHROMIUM_PATH`, when set;
 * 2. Debian's `/usr/bin/chromium`, when it exists, unless `DINEDESK_BROWSER=sparticuz`;
 * 3. the Chromium shipped in the npm package `@sparticuz/chromium` 153 (a root devDependency:
 *    `npm ci` brings it; it unpacks to the temp folder on first launch, ~8 s). Older versions of
 *    the package fail to launch here (`eglGetProcAddress not found`).
 * Never a browser downloaded by Playwright (`PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1`).
 */
export interface BrowserChoice {
  source: 'CHROMIUM_PATH' | 'debian' | '@sparticuz/chromium';
  executablePath: string;
  args: string[];
}

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * Our flags: as root Chromium needs `--no-sandbox`; the closed network of our machines refuses
 * the background connections, so those are turned off.
 */
export const OUR_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'];

/**
 * @sparticuz/chromium flags (made for one page per AWS Lambda call) left out:
 * `--single-process` makes the browser exit when the first context closes (the next test then
 * fails with "Target page, context or browser has been closed"); the others would weaken what
 * the journeys test (same-origin policy, mixed content). It launches fine without them.
 */
const DROPPED_SPARTICUZ_ARGS = new Set(['--single-process', '--disable-web-security', '--allow-running-insecure-content']);

export async function chooseBrowser(env: NodeJS.ProcessEnv = process.env): Promise<BrowserChoice> {
  if (env.CHROMIUM_PATH) return { source: 'CHROMIUM_PATH', executablePath: env.CHROMIUM_PATH, args: OUR_ARGS };
  if (env.DINEDESK_BROWSER !== 'sparticuz' && existsSync(DEBIAN_CHROMIUM)) return { source: 'debian', executablePath: DEBIAN_CHROMIUM, args: OUR_ARGS };
  const { default: sparticuz } = await import('@sparticuz/chromium');
  const args = [...sparticuz.args.filter((a) => !DROPPED_SPARTICUZ_ARGS.has(a)), ...OUR_ARGS.filter((a) => !sparticuz.args.includes(a))];
  return { source: '@sparticuz/chromium', executablePath: await sparticuz.executablePath(), args };
}
