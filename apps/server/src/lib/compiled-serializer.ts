import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';

/**
 * Response serialisation compiled from the route's zod schema ("serialise responses
 * from a JSON schema (fast-json-stringify through Fastify's serializer compiler) where zod's
 * serialisation shows in the profile"). The app's default (fastify-type-provider-zod) encodes
 * every answer through zod and then `JSON.stringify`s it; on the list calls that is ≈ 6 % of a
 * request (docs/decisions/0020). For the 200 answer of a route that opts in with
 * `serializerCompiler: compiledSerializerCompiler`, the zod schema is turned into JSON Schema once
 * (`z.toJSONSchema`, output side) and compiled by `fast-json-stringify`, which writes only the
 * schema's properties (extra fields never leak, as with zod). Other statuses keep the zod path.
 *
 * Use only where the handler's return type is the contract's output type (TypeScript checks it):
 * unlike zod, fast-json-stringify coerces a wrong type instead of failing. `compiled-serializer.test.ts`
 * compares both serialisers on real answers of every route that uses it.
 * @throws Error at start-up when the schema has a part JSON Schema cannot express (transforms)
 */
export function compiledSerializerCompiler<S>(route: FastifyRouteSchemaDef<S>): (data: unknown) => string {
  const zodRoute = route as unknown as FastifyRouteSchemaDef<ZodType>;
  if (String(route.httpStatus) !== '200') return zodSerializerCompiler(zodRoute);
  return compileSerializer(zodRoute.schema);
}

/** The serialiser of `schema`'s output as {@link compiledSerializerCompiler} makes it. */
export function compileSerializer(schema: ZodType): (data: unknown) => string {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
  return fastJson(simplify(json) as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
}

type Json = { [k: string]: unknown };

/**
 * Rewrites what fast-json-stringify serialises slowly or needs no help with: `anyOf` of a typed
 * schema and `{type: null}` (zod's nullable) becomes one schema with a `[type, 'null']` type,
 * which it handles without running a validator per value; `pattern`, `minimum` and `maximum`
 * only validate, and serialisation does not validate.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node as Json)) {
    if (k === 'pattern' || k === 'minimum' || k === 'maximum' || k === '$schema') continue;
    out[k] = simplify(v);
  }
  const anyOf = out.anyOf as Json[] | undefined;
  if (anyOf?.length === 2) {
    const nullIndex = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex >= 0 && other && typeof other.type === 'string' && !other.anyOf && !other.oneOf) {
      delete out.anyOf;
      return { ...out, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}
