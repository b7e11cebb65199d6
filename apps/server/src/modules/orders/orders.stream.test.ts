import { rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { generatedLondonOrderFile } from '../../test/order-files.ts';
import { readOrderFile } from './orders.csv.ts';

/**
 * The import streams ("a generated 100,000-row file streamed with bounded memory"):
 * a 100,000-row file goes through the reader that both the validation and the write pass use.
 * Two properties, neither timed:
 * - lines are handed on while most of the file is still unread (no read-everything-first);
 * - the memory kept alive does not grow with the rows: the heap after a full garbage collection
 *   at 10,000 rows and at 100,000 rows differs by less than the file's own size. What the reader
 *   keeps per file is the set of finished order ids (about 40,000 short strings here, ~2 MiB),
 *   needed to refuse an order whose lines are not together. The benchmark prints peak RSS of the
 *   whole import (`npm run bench`).
 */
const ROWS = 100_000;
const path = generatedLondonOrderFile(ROWS);
afterAll(() => rmSync(dirname(path), { recursive: true, force: true }));

/** V8's collector, reachable without starting Node with --expose-gc. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

describe('reading a generated 100,000-row order file', () => {
  it('hands on lines long before the end of the file, and keeps memory flat as rows go by', async () => {
    const gc = collector();
    const size = statSync(path).size;
    let bytesRead = 0;
    let lines = 0;
    let bytesAtLine10000 = -1;
    const heapAt = new Map<number, number>();
    const summary = await readOrderFile(
      path,
      { shape: 'london', sourceOutlet: 'bench-1' },
      (line) => {
        lines++;
        // The reader's own row numbers: the header is row 1.
        expect(line.row).toBe(lines + 1);
        if (lines === 10_000) bytesAtLine10000 = bytesRead;
        if (lines === 10_000 || lines === ROWS) {
          gc();
          heapAt.set(lines, process.memoryUsage().heapUsed);
        }
      },
      (bytes) => {
        bytesRead = bytes;
      },
    );
    expect(summary).toMatchObject({ rowsRead: ROWS, rowsSkipped: 0, problemCount: 0 });
    expect(lines).toBe(ROWS);
    // Progress comes every 256 KiB parsed: by the 10,000th line (~650 kB) it has come, with most
    // of the ~6.5 MB still to read.
    expect(size).toBeGreaterThan(6_000_000);
    expect(bytesAtLine10000).toBeGreaterThan(0);
    expect(bytesAtLine10000).toBeLessThan(size / 5);
    const growth = heapAt.get(ROWS)! - heapAt.get(10_000)!;
    expect(growth, `heap grew ${(growth / 1048576).toFixed(1)} MiB from row 10,000 to row 100,000`).toBeLessThan(size);
  });
});
