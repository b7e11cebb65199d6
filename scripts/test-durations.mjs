#!/usr/bin/env node
/**
 * Sums vitest JSON reports (`--reporter=json --outputFile.json=<file>`, one per project) to
 * compare engines and runs: per report its files, tests by status, the sum of the files'
 * durations and the wall time from the first file's start to the last one's end, and with
 * `--files` each file's duration, slowest first. Used for docs/decisions/0016 "Which engine
 * runs what".
 *
 *   npx vitest run --project server-pglite --reporter=json --outputFile.json=pglite.json
 *   node scripts/test-durations.mjs pglite.json postgres.json [--files]
 */
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const showFiles = args.includes('--files');
const reports = args.filter((a) => a !== '--files');
if (reports.length === 0) {
  process.stderr.write('usage: node scripts/test-durations.mjs <vitest-report.json>... [--files]\n');
  process.exit(2);
}

for (const path of reports) {
  /** @type {{ testResults: { name: string; startTime: number; endTime: number; assertionResults: { status: string }[] }[] }} */
  const report = JSON.parse(readFileSync(path, 'utf8'));
  const files = report.testResults.map((f) => ({ name: f.name, ms: f.endTime - f.startTime, tests: f.assertionResults.length }));
  const byStatus = {};
  for (const f of report.testResults) for (const t of f.assertionResults) byStatus[t.status] = (byStatus[t.status] ?? 0) + 1;
  const sum = files.reduce((s, f) => s + f.ms, 0);
  const wall = Math.max(...report.testResults.map((f) => f.endTime)) - Math.min(...report.testResults.map((f) => f.startTime));
  const statuses = Object.entries(byStatus)
    .map(([k, v]) => `${v} ${k}`)
    .join(', ');
  process.stdout.write(`${path}: ${files.length} files, ${statuses}; files' durations sum to ${(sum / 1000).toFixed(1)} s, wall ${(wall / 1000).toFixed(1)} s\n`);
  if (showFiles) {
    for (const f of files.sort((a, b) => b.ms - a.ms)) process.stdout.write(`  ${(f.ms / 1000).toFixed(1).padStart(8)} s  ${String(f.tests).padStart(4)} tests  ${f.name}\n`);
  }
}
