/**
 * The header row of a CSV file, read in the browser from its first 64 KiB for the mapping step
 * (the server reads the whole file with csv-parse). RFC 4180 quoting: `"a, b"` is one column and
 * `""` inside quotes is a quote.
 */

/** Parses one CSV line into its fields. */
export function parseCsvLine(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(field.trim());
      field = '';
    } else field += c;
  }
  out.push(field.trim());
  return out;
}

/** The columns of `file`'s header row (a BOM dropped), and its first data rows (at most 3). */
export async function readCsvHead(file: Blob): Promise<{ columns: string[]; sample: string[][] }> {
  const text = (await file.slice(0, 64 * 1024).text()).replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  return { columns: lines[0] ? parseCsvLine(lines[0]) : [], sample: lines.slice(1, 4).map(parseCsvLine) };
}

/** The column a field most likely is, by name (`order_id` ← "Order ID", "order number"…). */
export function guessColumn(field: string, columns: string[]): string | undefined {
  const words: Record<string, RegExp> = {
    order_id: /^(order[ _-]?(id|no|number|ref)|ticket|bill[ _-]?(no|number)|receipt)/i,
    ordered_at: /(ordered[ _-]?at|order[ _-]?(date|time)|date|time|when|created)/i,
    item_name: /(item|product|dish|name)/i,
    quantity: /^(qty|quantity|units|count)/i,
    unit_price: /(unit[ _-]?price|price|rate)/i,
    channel: /(channel|platform|source|type)/i,
  };
  return columns.find((c) => words[field]?.test(c));
}
