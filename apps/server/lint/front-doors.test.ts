/**
 * The server modules' front doors are enforced by `npm run lint` (eslint.config.js, documented in
 * docs/architecture.md "Server modules"): a file outside `modules/<m>/` reaches that module only
 * through `modules/<m>/index.ts`. Each case plants an import in memory at a real path and expects
 * the rule to name it; the clean twins prove the rule is not simply failing everything, and the
 * last case lints the real tree.
 */
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });
const FRONT_DOOR_RULES = new Set(['no-restricted-imports', 'no-restricted-syntax']);

/** Rule ids ESLint reports for `code` as if it were the file at `filePath` (repo-relative). */
async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('server module front doors', () => {
  it("refuses a module importing another module's repository", async () => {
    const planted = "import { listReviews } from '../reviews/reviews.repository.ts';\nexport const planted = listReviews;\n";
    expect(await ruleIds(planted, 'apps/server/src/modules/overview/planted.ts')).toContain('no-restricted-imports');
  });

  it("refuses a re-export and a lazy import of another module's service", async () => {
    const reExport = "export { syncPage } from '../reviews/review-sync.service.ts';\n";
    expect(await ruleIds(reExport, 'apps/server/src/modules/meta/planted.ts')).toContain('no-restricted-imports');
    const lazy = "export const planted = () => import('../reviews/review-sync.service.ts');\n";
    expect(await ruleIds(lazy, 'apps/server/src/modules/meta/planted.ts')).toContain('no-restricted-syntax');
  });

  it("refuses the rest of src (plugins, lib, jobs) reaching into a module's files", async () => {
    const plugin = "import { resolveAuth } from '../modules/access/session.service.ts';\nexport const planted = resolveAuth;\n";
    expect(await ruleIds(plugin, 'apps/server/src/plugins/planted.ts')).toContain('no-restricted-imports');
    const shell = "import { syncableLocations } from './modules/google/google.repository.ts';\nexport const planted = syncableLocations;\n";
    expect(await ruleIds(shell, 'apps/server/src/planted.ts')).toContain('no-restricted-imports');
  });

  it("lets a module import another module's index, its own files and the shared layers", async () => {
    const clean = [
      "import type { AuthContext } from '../access/index.ts';",
      "import { feedKpis } from '../reviews/index.ts';",
      "import { HttpError } from '../../lib/errors.ts';",
      "import { overview } from './overview.service.ts';",
      'export type Planted = AuthContext;',
      'export const planted = [feedKpis, HttpError, overview];',
      '',
    ].join('\n');
    expect(await ruleIds(clean, 'apps/server/src/modules/overview/planted.ts')).toEqual([]);
  });

  it("lets app.ts register a module's routes, and nothing else of it", async () => {
    const routes = "import { reviewsRoutes } from './modules/reviews/reviews.routes.ts';\nexport const planted = reviewsRoutes;\n";
    expect(await ruleIds(routes, 'apps/server/src/app.ts')).toEqual([]);
    const service = "import { listReviews } from './modules/reviews/reviews.service.ts';\nexport const planted = listReviews;\n";
    expect(await ruleIds(service, 'apps/server/src/app.ts')).toContain('no-restricted-imports');
    expect(await ruleIds(routes, 'apps/server/src/server.ts')).toContain('no-restricted-imports');
  });

  it('passes on the real tree', async () => {
    const results = await eslint.lintFiles(['apps/server/src/**/*.ts']);
    const found = results.flatMap((r) => r.messages.filter((m) => FRONT_DOOR_RULES.has(m.ruleId ?? '')).map((m) => `${r.filePath}:${m.line} ${m.message}`));
    expect(found).toEqual([]);
  });
});
