/**
 * The web boundaries are enforced by `npm run lint` (eslint.config.js, documented in
 * docs/architecture.md "Web boundaries"): features never import each other, demo/ and features/
 * never import each other, production code never imports test support; and there are no import
 * cycles (`findImportCycles`, checked here rather than by ESLint: see import-cycles.ts). Each case plants a violation in memory at a real path and expects the rule to name it; the
 * clean twin of each case proves the rule is not simply failing everything.
 */
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findImportCycles } from './import-cycles.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });
const webSrc = join(repoRoot, 'apps/web/src');

/** Rule ids ESLint reports for `code` as if it were the file at `filePath` (repo-relative). */
async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('web import boundaries', () => {
  it('refuses a feature importing another feature', async () => {
    const planted = "import { inboxKeys } from '../inbox/api/keys.ts';\nexport const planted = inboxKeys;\n";
    expect(await ruleIds(planted, 'apps/web/src/features/reviews/planted.ts')).toContain('boundaries/dependencies');
  });

  it('lets a feature import its own files, lib/ and the contracts', async () => {
    const clean = [
      "import { API } from '@dinedesk/contracts';",
      "import { PATHS } from '../../lib/paths.ts';",
      "import { reviewKeys } from './api/keys.ts';",
      'export const planted = [API, PATHS, reviewKeys];',
      '',
    ].join('\n');
    expect(await ruleIds(clean, 'apps/web/src/features/reviews/planted.ts')).toEqual([]);
  });

  it('refuses demo/ importing a feature, and a feature importing demo/', async () => {
    const demoToFeature = "import { reviewKeys } from '../../features/reviews/api/keys.ts';\nexport const planted = reviewKeys;\n";
    expect(await ruleIds(demoToFeature, 'apps/web/src/demo/search/planted.ts')).toContain('boundaries/dependencies');
    const featureToDemo = "import { DEMO_PAGES } from '../../demo/routes.ts';\nexport const planted = DEMO_PAGES;\n";
    expect(await ruleIds(featureToDemo, 'apps/web/src/features/inbox/planted.ts')).toContain('boundaries/dependencies');
  });

  it('refuses production code importing test support', async () => {
    const planted = "import { renderApp } from '../../../testing/render.tsx';\nexport const planted = renderApp;\n";
    expect(await ruleIds(planted, 'apps/web/src/features/reviews/components/planted.ts')).toContain('boundaries/dependencies');
  });

  it('finds no import cycle in apps/web/src', () => {
    expect(findImportCycles(webSrc)).toEqual([]);
  });

  it('finds a planted import cycle', () => {
    // lib/api-client.ts imports lib/navigation.ts; navigation importing it back closes a cycle.
    const planted = "import { apiGet } from './api-client.ts';\nexport const navigateTo = apiGet;\n";
    const cycles = findImportCycles(webSrc, new Map([[join(webSrc, 'lib/navigation.ts'), planted]]));
    expect(cycles).toContainEqual(['lib/api-client.ts', 'lib/navigation.ts']);
  });
});
