import { describe, expect, it } from 'vitest';
import { GraphError } from './errors.ts';
import { NodeRegistry, type FieldSpec, formatFields, parseFields, specLimit, specSummary } from './fields.ts';

function syntaxError(input: string): GraphError {
  try {
    parseFields(input);
  } catch (e) {
    if (e instanceof GraphError) return e;
    throw e;
  }
  throw new Error(`no error for ${JSON.stringify(input)}`);
}

describe('parseFields', () => {
  it('parses a flat list in order', () => {
    expect(parseFields('id,name,overall_star_rating')).toEqual([
      { name: 'id', modifiers: {} },
      { name: 'name', modifiers: {} },
      { name: 'overall_star_rating', modifiers: {} },
    ]);
  });

  it('parses nested selections, several levels deep', () => {
    const specs = parseFields('reviewer{id,name},open_graph_story{id,comments{from{id,name},message}}');
    expect(specs).toEqual([
      { name: 'reviewer', modifiers: {}, fields: [{ name: 'id', modifiers: {} }, { name: 'name', modifiers: {} }] },
      {
        name: 'open_graph_story',
        modifiers: {},
        fields: [
          { name: 'id', modifiers: {} },
          {
            name: 'comments',
            modifiers: {},
            fields: [
              { name: 'from', modifiers: {}, fields: [{ name: 'id', modifiers: {} }, { name: 'name', modifiers: {} }] },
              { name: 'message', modifiers: {} },
            ],
          },
        ],
      },
    ]);
  });

  it('parses .limit() and .summary() before and after the braces', () => {
    const [a, b] = parseFields('comments.limit(5).summary(true){message},ratings{rating}.limit(0)') as [FieldSpec, FieldSpec];
    expect(a.modifiers).toEqual({ limit: '5', summary: 'true' });
    expect(specLimit(a)).toBe(5);
    expect(specSummary(a)).toBe(true);
    expect(a.fields?.map((f) => f.name)).toEqual(['message']);
    expect(specLimit(b)).toBe(0);
    expect(specSummary(b)).toBe(false);
    expect(b.fields?.map((f) => f.name)).toEqual(['rating']);
  });

  it('keeps other modifiers raw and tolerates whitespace', () => {
    const [c] = parseFields(' comments . order(reverse_chronological) { message , id } ') as [FieldSpec];
    expect(c).toEqual({
      name: 'comments',
      modifiers: { order: 'reverse_chronological' },
      fields: [{ name: 'message', modifiers: {} }, { name: 'id', modifiers: {} }],
    });
  });

  it.each([
    ['', 0],
    ['id,', 3],
    ['id,,name', 3],
    ['reviewer{id', 11],
    ['reviewer{}', 9],
    ['id}', 2],
    ['comments.limit(x)', 15],
    ['comments.limit(-1)', 15],
    ['comments.summary(yes)', 17],
    ['comments.limit(5', 15],
    ['na-me', 2],
  ])('rejects %j with code 2500 at character %i', (input, position) => {
    const e = syntaxError(input);
    expect(e.code).toBe(2500);
    expect(e.message).toContain(`at character ${position}: ${input}`);
  });

  it('round-trips through formatFields', () => {
    const text = 'id,comments.limit(2).summary(true){from{id,name},message},reviewer';
    expect(formatFields(parseFields(text))).toBe(text);
  });
});

describe('NodeRegistry', () => {
  interface Thing {
    id: string;
    title: string;
    owner: { id: string; name: string } | null;
    note?: string;
  }
  const registry = new NodeRegistry<null>();
  registry.define<{ id: string; name: string }>('Owner', {
    name: 'User',
    hasId: true,
    defaultFields: 'id,name',
    fields: { id: { get: (o) => o.id }, name: { get: (o) => o.name } },
  });
  registry.define<Thing>('Thing', {
    name: 'Thing',
    hasId: true,
    defaultFields: 'id,title',
    fields: {
      id: { get: (t) => t.id },
      title: { get: (t) => t.title },
      owner: { node: 'Owner', get: (t) => t.owner ?? undefined },
      note: { get: (t) => t.note },
    },
  });
  const thing: Thing = { id: '7', title: 'T', owner: { id: '9', name: 'Ann' } };
  const project = (fields?: string) => registry.project('Thing', thing, registry.select('Thing', fields ? parseFields(fields) : undefined), null);

  it('answers only the requested fields plus id, id last when not asked', () => {
    expect(Object.entries(project('title'))).toEqual([
      ['title', 'T'],
      ['id', '7'],
    ]);
    expect(Object.keys(project('id,title'))).toEqual(['id', 'title']);
  });

  it('uses default fields when none are requested, also for nested nodes', () => {
    expect(project()).toEqual({ id: '7', title: 'T' });
    expect(project('owner')).toEqual({ owner: { id: '9', name: 'Ann' }, id: '7' });
    expect(project('owner{name}')).toEqual({ owner: { name: 'Ann', id: '9' }, id: '7' });
  });

  it('leaves out fields without a value', () => {
    expect(project('note,title')).toEqual({ title: 'T', id: '7' });
  });

  it('rejects unknown fields, nested ones included, with code 100 naming the node type', () => {
    expect(() => registry.select('Thing', parseFields('title,foo'))).toThrowError(
      '(#100) Tried accessing nonexisting field (foo) on node type (Thing)',
    );
    const e = (() => {
      try {
        registry.select('Thing', parseFields('owner{email}'));
      } catch (err) {
        return err as GraphError;
      }
      return null;
    })();
    expect(e?.code).toBe(100);
    expect(e?.message).toBe('(#100) Tried accessing nonexisting field (email) on node type (User)');
  });

  it('lets a module extend another module’s type, and refuses duplicate definitions', () => {
    registry.extend<Thing>('Thing', { shout: { get: (t) => t.title.toUpperCase() } });
    expect(project('shout')).toEqual({ shout: 'T', id: '7' });
    expect(() => registry.define('Thing', { name: 'X', hasId: false, defaultFields: 'a', fields: {} })).toThrow(/defined twice/);
  });
});
