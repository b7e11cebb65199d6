/**
 * Import cycles of the web app (an import cycle rule).
 *
 * Why not `import-x/no-cycle`: eslint-plugin-import-x resolves through `unrs-resolver`, whose
 * per-platform binaries our npm registry lacks, so `npm ci` fails on a fresh clone
 * (docs/dependencies.md#lockfile-and-npm-ci). TypeScript, already a dependency, lists a file's
 * imports (`preProcessFile`: static imports, re-exports and `import()`), and Tarjan's algorithm
 * finds the strongly connected components of that graph; every component of more than one
 * file, or a file importing itself, is a cycle. Type-only imports (`import type`, `export type`)
 * are erased at build time and create no runtime cycle, so they are left out, as
 * `import-x/no-cycle` does.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx)$/;
/** `import type … from '…'` and `export type … from '…'` statements, possibly over several lines. */
const TYPE_ONLY = /^\s*(?:import|export)\s+type\s[^;]*?\bfrom\s*['"][^'"]+['"];?/gm;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The files of `known` that `specifier` may name from `from` (relative specifiers only). */
function resolveRelative(from: string, specifier: string, known: Set<string>): string | null {
  if (!specifier.startsWith('.')) return null; // packages are outside the graph
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (known.has(candidate)) return candidate;
  }
  return null;
}

/**
 * Finds the import cycles among the `.ts`/`.tsx` files under `rootDir`.
 * @param overrides file contents to use instead of what is on disk (absolute path → code), so a
 *   test can plant a cycle without writing a file
 * @returns each cycle as the sorted paths of its files, relative to `rootDir`; empty when none
 */
export function findImportCycles(rootDir: string, overrides: ReadonlyMap<string, string> = new Map()): string[][] {
  const files = sourceFiles(rootDir);
  const known = new Set([...files, ...overrides.keys()]);
  const edges = new Map<string, string[]>();
  for (const file of known) {
    const code = overrides.get(file) ?? readFileSync(file, 'utf8');
    const { importedFiles } = ts.preProcessFile(code.replace(TYPE_ONLY, ''), true, true);
    edges.set(file, importedFiles.map((i) => resolveRelative(file, i.fileName, known)).filter((f): f is string => f !== null));
  }

  // Tarjan's strongly connected components, iterative so a deep import chain cannot overflow.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  for (const start of known) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1]!;
      const targets = edges.get(frame.node)!;
      if (frame.next < targets.length) {
        const to = targets[frame.next++]!;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfImport = component.length === 1 && edges.get(frame.node)!.includes(frame.node);
        if (component.length > 1 || selfImport) cycles.push(component.map((f) => relative(rootDir, f)).sort());
      }
    }
  }
  return cycles;
}
