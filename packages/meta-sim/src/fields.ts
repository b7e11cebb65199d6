/**
 * Graph field selection: the `fields=` parser and the projection of simulator objects onto
 * the requested fields.
 *
 * Grammar (Graph API "field expansion", docs/requirements/platform-apis.md behaviour 9):
 *   list     := field ("," field)*
 *   field    := name modifier* ("{" list "}")? modifier*
 *   modifier := "." name "(" argument ")"        e.g. .limit(5)  .summary(true)
 *   name     := [A-Za-z0-9_]+
 * Whitespace around tokens is ignored. Syntax errors are Graph code 2500; unknown fields are
 * code 100 "Tried accessing nonexisting field (x) on node type (T)".
 */
import { fieldSyntax, nonexistingField } from './errors.ts';

/** One parsed entry of `fields=`: `name`, its modifiers (`limit` → "5") and nested selection. */
export interface FieldSpec {
  name: string;
  /** Nested `{...}` selection; undefined when the field was named without braces. */
  fields?: FieldSpec[];
  /** Raw modifier arguments by name, e.g. `{ limit: '5', summary: 'true' }`. */
  modifiers: Record<string, string>;
}

/**
 * Parses a `fields` parameter into specs, in request order.
 * @throws GraphError 2500 on a syntax error (with the 0-based character position, like Graph),
 *   and for `.limit(x)` / `.summary(x)` with an argument that is not a non-negative integer /
 *   boolean.
 */
export function parseFields(input: string): FieldSpec[] {
  const parser = new Parser(input);
  const list = parser.list();
  parser.skipSpace();
  if (!parser.atEnd()) parser.fail(`Expected end of string instead of "${parser.peek()}".`);
  return list;
}

class Parser {
  private pos = 0;
  constructor(private readonly input: string) {}

  atEnd(): boolean {
    return this.pos >= this.input.length;
  }
  peek(): string {
    return this.input[this.pos] ?? '';
  }
  skipSpace(): void {
    while (!this.atEnd() && /\s/.test(this.peek())) this.pos++;
  }
  fail(detail: string): never {
    throw fieldSyntax(detail, this.pos, this.input);
  }
  private expect(ch: string): void {
    this.skipSpace();
    if (this.peek() !== ch) this.fail(`Expected "${ch}".`);
    this.pos++;
  }

  list(): FieldSpec[] {
    const out = [this.field()];
    this.skipSpace();
    while (this.peek() === ',') {
      this.pos++;
      out.push(this.field());
      this.skipSpace();
    }
    return out;
  }

  private name(): string {
    this.skipSpace();
    const m = /^[A-Za-z0-9_]+/.exec(this.input.slice(this.pos));
    if (!m) this.fail('Expected name.');
    this.pos += m[0].length;
    return m[0];
  }

  private field(): FieldSpec {
    const spec: FieldSpec = { name: this.name(), modifiers: {} };
    this.modifiers(spec);
    this.skipSpace();
    if (this.peek() === '{') {
      this.pos++;
      spec.fields = this.list();
      this.expect('}');
      // Graph accepts modifiers on either side of the braces: `comments{message}.limit(2)`.
      this.modifiers(spec);
    }
    return spec;
  }

  private modifiers(spec: FieldSpec): void {
    for (;;) {
      this.skipSpace();
      if (this.peek() !== '.') return;
      this.pos++;
      const name = this.name();
      this.expect('(');
      const start = this.pos;
      const close = this.input.indexOf(')', start);
      if (close < 0) this.fail('Expected ")".');
      const arg = this.input.slice(start, close).trim();
      if (name === 'limit' && !/^\d+$/.test(arg)) this.fail('Expected a non-negative integer.');
      if (name === 'summary' && !/^(true|false|1|0)$/.test(arg)) this.fail('Expected a boolean.');
      spec.modifiers[name] = arg;
      this.pos = close + 1;
    }
  }
}

/** `.limit(n)` of a spec, or undefined when absent. */
export function specLimit(spec: FieldSpec): number | undefined {
  const raw = spec.modifiers.limit;
  return raw === undefined ? undefined : Number(raw);
}

/** `.summary(true)` of a spec. */
export function specSummary(spec: FieldSpec): boolean {
  const raw = spec.modifiers.summary;
  return raw === 'true' || raw === '1';
}

/**
 * How one field of a node type is read.
 * `get` returns the JSON value, or undefined to leave the field out (Graph omits fields that
 * have no value, e.g. `open_graph_story` on pre-Aug-2018 reviews). When `node` is set the
 * returned value is an object of that node type and is projected with the nested selection
 * (or that type's default fields); edges used as fields (`comments.limit(2){...}`) leave
 * `node` unset and project their items themselves, since they return `{data, paging}`.
 */
export interface FieldDef<T, C> {
  get(value: T, spec: FieldSpec, ctx: C): unknown;
  node?: string;
  /** Node type of the items of an edge-as-field, so nested selections can be validated. */
  edgeOf?: string;
}

/** A Graph node type: its name in error messages, whether it carries `id`, its fields. */
export interface NodeDef<T, C> {
  /** Graph's name for the type, used in "on node type (Page)". */
  name: string;
  /** Nodes with an id always answer `id`, even when not requested (Recommendations have none). */
  hasId: boolean;
  /** Fields answered when the request names none, e.g. "id,name" for a Page. */
  defaultFields: string;
  fields: Record<string, FieldDef<T, C>>;
}

/**
 * The node types known to the simulator, keyed by kind ("Page", "Comment", ...). Modules
 * define their own types and may add fields to others' (the ratings module adds `ratings` to
 * Page), so a new API area is one more module rather than edits across files.
 */
export class NodeRegistry<C> {
  private readonly types = new Map<string, NodeDef<unknown, C>>();
  private readonly defaults = new Map<string, FieldSpec[]>();

  /**
   * Registers a node type.
   * @throws Error when the kind is already defined (two modules claiming one type is a bug).
   */
  define<T>(kind: string, def: NodeDef<T, C>): void {
    if (this.types.has(kind)) throw new Error(`node type ${kind} defined twice`);
    // The registry is heterogeneous; values reach `get` only through `project(kind, ...)`,
    // whose caller passes an object of that kind, so widening T to unknown is sound in use.
    this.types.set(kind, def as unknown as NodeDef<unknown, C>);
    this.defaults.set(kind, parseFields(def.defaultFields));
  }

  /** Adds fields to a type defined by another module. @throws Error for an unknown kind. */
  extend<T>(kind: string, fields: Record<string, FieldDef<T, C>>): void {
    const def = this.type(kind);
    Object.assign(def.fields, fields);
  }

  private type(kind: string): NodeDef<unknown, C> {
    const def = this.types.get(kind);
    if (!def) throw new Error(`unknown node type ${kind}`);
    return def;
  }

  /**
   * Resolves the selection for `kind`: the parsed specs, or the type's defaults when the
   * request names none, checked recursively against the known fields.
   * @throws GraphError 100 "nonexisting field" for the first unknown name.
   */
  select(kind: string, specs: FieldSpec[] | undefined): FieldSpec[] {
    const def = this.type(kind);
    const chosen = specs ?? this.defaults.get(kind)!;
    for (const spec of chosen) {
      const field = def.fields[spec.name];
      if (!field) throw nonexistingField(spec.name, def.name);
      const nested = field.node ?? field.edgeOf;
      if (nested && spec.fields) this.select(nested, spec.fields);
    }
    return chosen;
  }

  /**
   * Projects `value` (an object of `kind`) onto `specs` (already passed through `select`):
   * requested fields in request order, then `id` when the type has one and it was not asked
   * for, matching Graph's key order.
   */
  project(kind: string, value: unknown, specs: FieldSpec[], ctx: C): Record<string, unknown> {
    const def = this.type(kind);
    const out: Record<string, unknown> = {};
    for (const spec of specs) {
      const field = def.fields[spec.name];
      if (!field) throw nonexistingField(spec.name, def.name);
      const v = field.get(value, spec, ctx);
      if (v === undefined) continue;
      out[spec.name] =
        field.node && v !== null ? this.project(field.node, v, this.select(field.node, spec.fields), ctx) : v;
    }
    if (def.hasId && !('id' in out)) {
      const id = def.fields.id?.get(value, { name: 'id', modifiers: {} }, ctx);
      if (id !== undefined) out.id = id;
    }
    return out;
  }
}

/**
 * Reads the `fields` request parameter: undefined when absent or empty (use defaults).
 * @throws GraphError 2500 on syntax errors (see `parseFields`).
 */
export function fieldsParam(raw: string | undefined): FieldSpec[] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  return parseFields(raw);
}

/** Serialises specs back to `fields=` syntax, for `paging.next` URLs of edges used as fields. */
export function formatFields(specs: FieldSpec[]): string {
  return specs
    .map((s) => {
      const mods = Object.entries(s.modifiers)
        .map(([k, v]) => `.${k}(${v})`)
        .join('');
      return `${s.name}${mods}${s.fields ? `{${formatFields(s.fields)}}` : ''}`;
    })
    .join(',');
}

