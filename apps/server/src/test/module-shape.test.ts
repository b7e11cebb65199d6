import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One module shape (docs/architecture.md "Module shape"): in `modules/<m>/`,
 * `*.routes.ts` speak HTTP and call the service; services hold the rules, open transactions and
 * call Graph; every SQL statement sits in `<m>.repository.ts`. Read from the source, so a query
 * written into a service, a sync or a webhook file fails here, naming the file and the line.
 */

const modulesDir = fileURLToPath(new URL('../modules/', import.meta.url));

/** Modules held to the shape. Add a module here once its SQL sits in its repository. */
const SHAPED = ['inbox', 'reviews', 'meta', 'google', 'access', 'tenancy', 'jobs', 'comments', 'complaints', 'tickets', 'automation', 'competitors', 'instagram', 'orders', 'reporting', 'menu', 'overview', 'reports', 'ads'];

/** What SQL looks like in a file: the query builder, the tables, or a statement on a db/tx. */
const SQL_SIGNS: [RegExp, string][] = [
  [/from 'drizzle-orm'/, 'imports drizzle-orm'],
  [/import \{[^}]*\bschema\b[^}]*\} from '[./]+\/db\/client\.ts'/, 'imports the table schema'],
  [/\b(?:db|tx)\s*\.\s*(?:select|selectDistinct|insert|update|delete|execute)\s*\(/, 'runs a statement'],
];

function sourceFiles(module: string): string[] {
  return readdirSync(join(modulesDir, module)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
}

/** `file:line what` for each line of a file that matches one of the signs. */
function findings(module: string, file: string, signs: [RegExp, string][]): string[] {
  const lines = readFileSync(join(modulesDir, module, file), 'utf8').split('\n');
  return lines.flatMap((line, i) => signs.filter(([re]) => re.test(line)).map(([, what]) => `${module}/${file}:${i + 1} ${what}`));
}

describe('module shape: routes → service → repository', () => {
  it.each(SHAPED)('%s: SQL only in its repository', (module) => {
    const files = sourceFiles(module);
    expect(files.some((f) => f.endsWith('.repository.ts')), `${module} has no repository`).toBe(true);
    const outside = files.filter((f) => !f.endsWith('.repository.ts')).flatMap((f) => findings(module, f, SQL_SIGNS));
    expect(outside).toEqual([]);
  });

  it.each(SHAPED)('%s: routes call services, never a repository, and take their paths from contracts', (module) => {
    const routes = sourceFiles(module).filter((f) => f.endsWith('.routes.ts'));
    const wrong = routes.flatMap((f) =>
      findings(module, f, [
        [/from '\.\/[^']+\.repository\.ts'/, 'imports a repository'],
        [/['`]\/api\//, 'writes an /api path literal (use API or INBOX from @dinedesk/contracts)'],
      ]),
    );
    expect(wrong).toEqual([]);
  });
});
