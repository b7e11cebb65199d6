/**
 * Prose that stands alone: comments, test titles and READMEs of the code cite what a reader of
 * the repository can open (docs/requirements/, docs/decisions/, a platform API's name), never an
 * issue number nor a document kept outside the repository. The requirements the code relies on
 * are written in docs/requirements/ (index: docs/requirements/README.md), the tooling notes in
 * docs/dependencies.md. This walks apps/, packages/, e2e/, scripts/ and the root config files and README;
 * the planted cases prove each pattern is caught.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * What a reader of the repository cannot follow, each with why. The names are written in pieces
 * so that this file does not cite them itself.
 */
const ISSUE = 'issue';
const SECTION = '§';
const SHARED = 'shared';
const OUTSIDE_DOCUMENTS = ['external' + '-apis', 'screens', 'style', 'targets', 'stack' + '-notes'];
const UNFOLLOWABLE: { pattern: RegExp; why: string }[] = [
  { pattern: new RegExp(`\\b${ISSUE}s? #\\d+`, 'i'), why: 'an issue number' },
  { pattern: new RegExp(`\\bspec(?:ification)?(?:'s)? ${SECTION}`, 'i'), why: 'a section of the specification kept outside the repository' },
  {
    pattern: new RegExp(`(?<![\\w/-])(?:${OUTSIDE_DOCUMENTS.join('|')})\\.md\\b|\\.\\./${SHARED}/|/work/${SHARED}/`),
    why: 'a document kept outside the repository',
  },
];

const TOPS = ['apps', 'packages', 'e2e', 'scripts'];
const SKIP = new Set(['node_modules', 'dist', 'build', 'coverage', 'test-results', 'playwright-report', '.vite', 'results']);
const TEXT = /\.(?:[cm]?[jt]sx?|md|sql|sh)$/;

/** `path:line: text (why)` for each unfollowable citation in `text`. */
export function findCitations(text: string, path: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const { pattern, why } of UNFOLLOWABLE) {
      if (pattern.test(line)) found.push(`${path}:${index + 1}: ${line.trim()} (${why})`);
    }
  });
  return found;
}

function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (TEXT.test(name)) out.push(path);
  }
}

/** Every file the check reads: the code's folders and the root config files. */
function filesToCheck(): string[] {
  const files: string[] = [];
  for (const top of TOPS) walk(join(repoRoot, top), files);
  for (const name of readdirSync(repoRoot)) {
    if (/\.(?:[cm]?[jt]s)$/.test(name) || name === '.npmrc' || name === 'README.md') files.push(join(repoRoot, name));
  }
  return files;
}

describe('prose that stands alone', () => {
  it('cites no issue number and no document outside the repository', () => {
    const files = filesToCheck();
    expect(files.length).toBeGreaterThan(500);
    const found = files.flatMap((file) => findCitations(readFileSync(file, 'utf8'), relative(repoRoot, file)));
    expect(found).toEqual([]);
  });

  it('catches a planted issue number, spec section and outside document', () => {
    const planted = [
      `/** Who may see it (${ISSUE} #12). */`,
      `// Defaults to POST (spec ${SECTION}7).`,
      ` * The window rule (${OUTSIDE_DOCUMENTS[0]}.md ${SECTION}3 "Window").`,
      `it('drops the token (${ISSUE}s #4 and #8)', () => {});`,
    ].join('\n');
    expect(findCitations(planted, 'apps/web/src/planted.ts').map((hit) => hit.replace(/^.*\((.*)\)$/, '$1'))).toEqual([
      'an issue number',
      'a section of the specification kept outside the repository',
      'a document kept outside the repository',
      'an issue number',
    ]);
    expect(findCitations(planted, 'apps/web/src/planted.ts')[0]).toMatch(/^apps\/web\/src\/planted\.ts:1: /);
  });

  it('lets the documents of the repository and platform API names through', () => {
    const clean = [
      '/** Defaults to POST (docs/requirements/calls.md#defaults). */',
      ' * The window rule (docs/requirements/platform-apis.md#window; Graph API /{page-id}/messages).',
      ' * Budgets: docs/requirements/quality-goals.md#web, docs/decisions/0018-web-delivery.md.',
      ' * Upstream bug: https://github.com/mcollina/autocannon/issues/174.',
    ].join('\n');
    expect(findCitations(clean, 'apps/web/src/clean.ts')).toEqual([]);
  });
});
