import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENGINE_TESTS, PGLITE_ONLY, POSTGRES_ONLY, REPOSITORY_PARITY } from './engines.ts';

/** The engine table (engines.ts) stays in step with the tree: nothing to run, and no SQL left out. */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Files under apps/server/src, relative to apps/server (`/` separated). */
const FILES = readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' }).map((f) => `src/${f.split('\\').join('/')}`);
// The files of the tree that a glob of engines.ts names: a plain path, or `<folder>/**` + `/*<suffix>`.
const matching = (glob: string) => {
  const star = glob.indexOf('**/*');
  return star < 0 ? FILES.filter((f) => f === glob) : FILES.filter((f) => f.startsWith(glob.slice(0, star)) && f.endsWith(glob.slice(star + 4)));
};

describe('engine table of the server tests', () => {
  it('names every repository, and a test file for each that runs its SQL', () => {
    const repositories = matching('src/modules/**/*.repository.ts').sort();
    expect(repositories.length).toBeGreaterThan(0);
    expect(Object.keys(REPOSITORY_PARITY).sort()).toEqual(repositories);
    for (const [repository, tests] of Object.entries(REPOSITORY_PARITY)) {
      expect(tests.length, repository).toBeGreaterThan(0);
    }
  });

  it('lists only test files that exist, and engine-only globs that match one', () => {
    for (const file of [...Object.values(REPOSITORY_PARITY).flat(), ...ENGINE_TESTS]) {
      expect(existsSync(join(ROOT, file)), file).toBe(true);
      expect(file.endsWith('.test.ts'), file).toBe(true);
    }
    for (const glob of [...POSTGRES_ONLY, ...PGLITE_ONLY]) expect(matching(glob).length, glob).toBeGreaterThan(0);
  });
});
