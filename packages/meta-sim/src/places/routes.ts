/**
 * Google Places API (New) on the simulator (docs/decisions/0030): a faithful subset,
 * under the Google prefix like the other Google hosts (`places.googleapis.com/v1` ↔
 * `{simulator}/google/places/v1`):
 *
 *   POST /google/places/v1/places:searchText   body `{textQuery, pageSize?, maxResultCount?, pageToken?, locationBias? | locationRestriction?}` → `{places:[…], nextPageToken?}`
 *   GET  /google/places/v1/places/{placeId}    → the Place
 *   GET  /google/places/v1/places/{placeId}/simReviewHistory?pageSize&pageToken   SIMULATOR ONLY
 *
 * Rules reproduced (Places API (New) reference, "Choose fields" and "Text Search"):
 * - an API key in `X-Goog-Api-Key` (or `?key=`): missing → 403 PERMISSION_DENIED, wrong → 400
 *   INVALID_ARGUMENT "API key not valid";
 * - a field mask in `X-Goog-FieldMask` (or `?fields=`) on searchText and places.get: missing →
 *   400 INVALID_ARGUMENT; searchText names fields as `places.<field>` (and `nextPageToken`),
 *   places.get as `<field>`; `*` is every field; an unknown field → 400; only masked fields are
 *   answered (a masked field the Place lacks, such as `rating` of an unrated Place, is absent);
 * - fields served: `id, displayName{text,languageCode}, formattedAddress, rating,
 *   userRatingCount, priceLevel, types, reviews` (reviews: at most 5, newest first, each with
 *   `name, rating, text{text,languageCode}, publishTime, authorAttribution{displayName}`);
 * - searchText `maxResultCount` (older name of the page size) 1–20, anything else 400, used when
 *   `pageSize` is absent;
 * - searchText `pageSize` 1–20 (larger is treated as 20, absent or 0 as 20), a `pageToken` bound to
 *   its query and bias; an empty `textQuery` → 400;
 * - searchText `locationBias`: `{circle:{center:{latitude,longitude},radius}}` (radius in metres,
 *   0–50,000) or `{rectangle:{low,high}}` (south-west and north-east corners); latitude −90..90,
 *   longitude −180..180; anything else → 400 INVALID_ARGUMENT. The matches inside the bias come
 *   first, nearest its centre first, then the rest by relevance (world.ts `search`);
 * - searchText `locationRestriction`: `{rectangle:{low,high}}` only (a circle, or any other key,
 *   → 400: Text Search restricts to a viewport; circles restrict Nearby Search), same coordinate
 *   rules; not together with `locationBias` (400). Only matches inside the rectangle are
 *   answered, by relevance (world.ts `searchWithin`); Places without a position are left out;
 * - `location` `{latitude, longitude}` (absent when the source has no position);
 * - unknown place id → 404 NOT_FOUND; a malformed one → 400 INVALID_ARGUMENT;
 * - errors in Google's envelope `{error:{code,message,status}}`.
 *
 * `simReviewHistory` is NOT part of Google's API: Places gives at most 5 reviews. It stands in
 * for the review history DineDesk would collect itself from daily snapshots over months, which a
 * fresh install cannot have: every public review of a Hyderabad restaurant, newest first, pages of
 * `pageSize` ≤ 100 (default 100). Global restaurants have none in the source (empty list). The
 * server calls it only when its Places base URL is a loopback host (the simulator).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GOOGLE_PREFIX, GoogleApiError } from '../google/routes.ts';
import type { LatLng, LocationBias, LocationRestriction, PlaceReview, PlacesWorld, SimPlace } from './world.ts';

export const PLACES_PREFIX = `${GOOGLE_PREFIX}/places/v1`;
/** Fields a Places field mask may name (the subset DineDesk reads). */
export const PLACE_FIELDS = ['id', 'displayName', 'formattedAddress', 'location', 'rating', 'userRatingCount', 'priceLevel', 'types', 'reviews'] as const;
export type PlaceField = (typeof PLACE_FIELDS)[number];
/** Places gives at most 5 reviews per Place. */
export const PLACE_REVIEWS_MAX = 5;
export const SEARCH_PAGE_MAX = 20;
export const HISTORY_PAGE_MAX = 100;
/** Largest `locationBias.circle.radius`, in metres (Text Search (New)). */
export const BIAS_RADIUS_MAX = 50_000;

const STATUS_OF: Record<number, string> = { 400: 'INVALID_ARGUMENT', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND' };

function sendError(reply: FastifyReply, e: GoogleApiError): FastifyReply {
  return reply.code(e.code).type('application/json; charset=UTF-8').send({ error: { code: e.code, message: e.message, status: STATUS_OF[e.code] ?? 'UNKNOWN' } });
}

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};
const queryOf = (req: FastifyRequest): Record<string, unknown> => (req.query && typeof req.query === 'object' ? (req.query as Record<string, unknown>) : {});
const queryString = (req: FastifyRequest, name: string): string | undefined => {
  const v = queryOf(req)[name];
  return typeof v === 'string' ? v : undefined;
};

/**
 * The field mask of a call: the set of Place fields, from `X-Goog-FieldMask` or `?fields=`.
 * @param prefix `places.` for searchText, `` for places.get
 * @throws GoogleApiError 400 when missing, empty or naming an unknown field
 */
export function parseFieldMask(raw: string | undefined, prefix: '' | 'places.'): { fields: Set<PlaceField>; nextPageToken: boolean } {
  if (raw === undefined || raw.trim() === '') {
    throw new GoogleApiError(400, 'FieldMask is a required parameter. See how to specify it at https://developers.google.com/maps/documentation/places/web-service/choose-fields');
  }
  const fields = new Set<PlaceField>();
  let nextPageToken = false;
  for (const part of raw.split(',').map((p) => p.trim())) {
    if (part === '*') {
      PLACE_FIELDS.forEach((f) => fields.add(f));
      nextPageToken = true;
      continue;
    }
    if (prefix && part === 'nextPageToken') {
      nextPageToken = true;
      continue;
    }
    // `displayName.text` style sub-fields select their parent, as Google accepts them.
    const name = (prefix ? (part.startsWith(prefix) ? part.slice(prefix.length) : null) : part)?.split('.')[0];
    if (name === '*' && prefix) {
      PLACE_FIELDS.forEach((f) => fields.add(f));
      continue;
    }
    if (!name || !(PLACE_FIELDS as readonly string[]).includes(name)) throw new GoogleApiError(400, `Invalid field: ${part}`);
    fields.add(name as PlaceField);
  }
  return { fields, nextPageToken };
}

const reviewJson = (r: PlaceReview) => ({
  name: r.name,
  rating: r.rating,
  text: { text: r.text, languageCode: 'en' },
  publishTime: r.publishTime.toISOString(),
  authorAttribution: { displayName: r.author },
});

/** A Place with only the masked fields (absent values stay absent). */
export function maskPlace(p: SimPlace, fields: ReadonlySet<PlaceField>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (fields.has('id')) out.id = p.id;
  if (fields.has('displayName')) out.displayName = { text: p.name, languageCode: 'en' };
  if (fields.has('formattedAddress')) out.formattedAddress = p.formattedAddress;
  if (fields.has('location') && p.location) out.location = { latitude: p.location.latitude, longitude: p.location.longitude };
  if (fields.has('rating') && p.rating !== undefined) out.rating = p.rating;
  if (fields.has('userRatingCount') && p.userRatingCount !== undefined) out.userRatingCount = p.userRatingCount;
  if (fields.has('priceLevel') && p.priceLevel !== undefined) out.priceLevel = p.priceLevel;
  if (fields.has('types')) out.types = p.types;
  if (fields.has('reviews') && p.reviews.length) out.reviews = p.reviews.slice(0, PLACE_REVIEWS_MAX).map(reviewJson);
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A `google.type.LatLng` of the request. @throws GoogleApiError 400 naming the field */
function latLngOf(raw: unknown, field: string): LatLng {
  if (!isObject(raw)) throw new GoogleApiError(400, `Invalid ${field}: must be an object with latitude and longitude.`);
  const { latitude, longitude } = raw;
  if (typeof latitude !== 'number' || !Number.isFinite(latitude) || latitude < -90 || latitude > 90) throw new GoogleApiError(400, `Invalid ${field}.latitude: must be between -90 and 90.`);
  if (typeof longitude !== 'number' || !Number.isFinite(longitude) || longitude < -180 || longitude > 180) throw new GoogleApiError(400, `Invalid ${field}.longitude: must be between -180 and 180.`);
  return { latitude, longitude };
}

/** A `rectangle` viewport `{low, high}` of the request. @throws GoogleApiError 400 naming the field */
function rectangleOf(raw: unknown, field: string): { low: LatLng; high: LatLng } {
  if (!isObject(raw)) throw new GoogleApiError(400, `Invalid ${field}: must be an object with low and high.`);
  const low = latLngOf(raw.low, `${field}.low`);
  const high = latLngOf(raw.high, `${field}.high`);
  if (low.latitude > high.latitude) throw new GoogleApiError(400, `Invalid ${field}: low.latitude must not be greater than high.latitude.`);
  return { low, high };
}

/**
 * Text Search's `locationBias`: exactly one of `circle` and `rectangle`.
 * @throws GoogleApiError 400 naming the field that is wrong
 */
export function parseLocationBias(raw: unknown): LocationBias | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!isObject(raw)) throw new GoogleApiError(400, 'Invalid locationBias: must be an object with a circle or a rectangle.');
  const kinds = ['circle', 'rectangle'].filter((k) => raw[k] !== undefined);
  if (kinds.length !== 1) throw new GoogleApiError(400, 'Invalid locationBias: set exactly one of circle and rectangle.');
  if (raw.circle !== undefined) {
    const circle = raw.circle;
    if (!isObject(circle)) throw new GoogleApiError(400, 'Invalid locationBias.circle: must be an object with center and radius.');
    const center = latLngOf(circle.center, 'locationBias.circle.center');
    const radius = circle.radius ?? 0;
    if (typeof radius !== 'number' || !Number.isFinite(radius) || radius < 0 || radius > BIAS_RADIUS_MAX) throw new GoogleApiError(400, `Invalid locationBias.circle.radius: must be between 0.0 and ${BIAS_RADIUS_MAX}.0 metres.`);
    return { circle: { center, radius } };
  }
  return { rectangle: rectangleOf(raw.rectangle, 'locationBias.rectangle') };
}

/**
 * Text Search's `locationRestriction`: a `rectangle` only. A circle restricts Nearby Search, not
 * Text Search ("Text Search (New)": "locationRestriction … Specify the region as a rectangular
 * Viewport"), so it is refused like any other shape.
 * @throws GoogleApiError 400 naming the field that is wrong
 */
export function parseLocationRestriction(raw: unknown): LocationRestriction | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!isObject(raw)) throw new GoogleApiError(400, 'Invalid locationRestriction: must be an object with a rectangle.');
  if (raw.circle !== undefined) throw new GoogleApiError(400, 'Invalid locationRestriction.circle: Text Search restricts to a rectangle only; use locationBias for a circle.');
  const other = Object.keys(raw).filter((k) => k !== 'rectangle');
  if (other.length) throw new GoogleApiError(400, `Invalid locationRestriction.${other[0]}: only rectangle is supported.`);
  if (raw.rectangle === undefined) throw new GoogleApiError(400, 'Invalid locationRestriction: a rectangle is required.');
  return { rectangle: rectangleOf(raw.rectangle, 'locationRestriction.rectangle') };
}

/** An opaque page token bound to what it continues. */
const encodeToken = (offset: number, bound: string) => Buffer.from(JSON.stringify({ o: offset, b: bound })).toString('base64url');
function decodeToken(token: string | undefined, bound: string): number {
  if (token === undefined || token === '') return 0;
  try {
    const v = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { o?: unknown; b?: unknown };
    if (typeof v.o === 'number' && Number.isInteger(v.o) && v.o >= 0 && v.b === bound) return v.o;
  } catch {
    // fall through: a token that is not ours
  }
  throw new GoogleApiError(400, 'Invalid page token.');
}

/** `pageSize`: integers only; 0 or absent is the default, above `max` is `max` (Places clamps). */
function pageSizeOf(raw: unknown, max: number): number {
  if (raw === undefined || raw === null || raw === '') return max;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(n) || n < 0) throw new GoogleApiError(400, 'Invalid page size.');
  return n === 0 ? max : Math.min(n, max);
}

/**
 * `maxResultCount` of Text Search (New), the older name of `pageSize`: "must be between 1 and 20,
 * inclusive", else 400 INVALID_ARGUMENT
 * (https://developers.google.com/maps/documentation/places/web-service/text-search#maxresultcount).
 * Used when `pageSize` is absent. @returns null when absent
 */
function maxResultCountOf(raw: unknown): number | null {
  if (raw === undefined || raw === null) return null;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > SEARCH_PAGE_MAX) throw new GoogleApiError(400, `Invalid value at 'max_result_count': must be between 1 and ${SEARCH_PAGE_MAX}, inclusive.`);
  return n;
}

const PLACE_ID = /^[\w-]{10,}$/;

/**
 * Registers the Places routes.
 * @param apiKey the key callers must send (`PLACES_API_KEY` of the simulator)
 */
export function registerPlacesRoutes(app: FastifyInstance, world: PlacesWorld, apiKey: string): void {
  const checkKey = (req: FastifyRequest) => {
    const key = header(req, 'x-goog-api-key') ?? queryString(req, 'key');
    if (!key) throw new GoogleApiError(403, 'The request is missing a valid API key.');
    if (key !== apiKey) throw new GoogleApiError(400, 'API key not valid. Please pass a valid API key.');
  };
  const api =
    (handler: (req: FastifyRequest) => unknown) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      try {
        return reply.type('application/json; charset=UTF-8').send(handler(req));
      } catch (e) {
        if (e instanceof GoogleApiError) return sendError(reply, e);
        throw e;
      }
    };
  const placeOf = (req: FastifyRequest): SimPlace => {
    const { placeId } = req.params as { placeId: string };
    if (!PLACE_ID.test(placeId)) throw new GoogleApiError(400, `Not a valid Place ID: ${placeId.slice(0, 100)}`);
    const place = world.places.get(placeId);
    if (!place) throw new GoogleApiError(404, `Place '${placeId}' was not found.`);
    return place;
  };

  // Places API (New) Text Search: `POST places:searchText` (`::` is Fastify's literal colon).
  app.post(
    `${PLACES_PREFIX}/places::searchText`,
    api((req) => {
      checkKey(req);
      const mask = parseFieldMask(header(req, 'x-goog-fieldmask') ?? queryString(req, 'fields'), 'places.');
      const body = (req.body && typeof req.body === 'object' ? req.body : {}) as { textQuery?: unknown; pageSize?: unknown; maxResultCount?: unknown; pageToken?: unknown; locationBias?: unknown; locationRestriction?: unknown };
      if (typeof body.textQuery !== 'string' || body.textQuery.trim() === '') throw new GoogleApiError(400, 'Missing required parameter: textQuery.');
      const max = maxResultCountOf(body.maxResultCount);
      const size = body.pageSize === undefined && max !== null ? max : pageSizeOf(body.pageSize, SEARCH_PAGE_MAX);
      const bias = parseLocationBias(body.locationBias);
      const restriction = parseLocationRestriction(body.locationRestriction);
      if (bias && restriction) throw new GoogleApiError(400, 'Invalid locationRestriction: locationBias and locationRestriction cannot both be set.');
      const area = restriction ?? bias;
      const bound = `search:${body.textQuery}:${restriction ? 'restrict' : 'bias'}:${JSON.stringify(area ?? null)}`;
      const from = decodeToken(typeof body.pageToken === 'string' ? body.pageToken : undefined, bound);
      const hits = restriction ? world.searchWithin(body.textQuery, restriction) : world.search(body.textQuery, bias);
      const page = hits.slice(from, from + size);
      return {
        // Google answers `{}` when nothing matched.
        ...(page.length ? { places: page.map((p) => maskPlace(p, mask.fields)) } : {}),
        ...(mask.nextPageToken && from + size < hits.length ? { nextPageToken: encodeToken(from + size, bound) } : {}),
      };
    }),
  );

  // Places API (New) Place Details: `GET places/{placeId}`.
  app.get(
    `${PLACES_PREFIX}/places/:placeId`,
    api((req) => {
      checkKey(req);
      const mask = parseFieldMask(header(req, 'x-goog-fieldmask') ?? queryString(req, 'fields'), '');
      return maskPlace(placeOf(req), mask.fields);
    }),
  );

  // SIMULATOR ONLY (see the header): the Place's public review history, newest first.
  app.get(
    `${PLACES_PREFIX}/places/:placeId/simReviewHistory`,
    api((req) => {
      checkKey(req);
      const place = placeOf(req);
      const size = pageSizeOf(queryString(req, 'pageSize'), HISTORY_PAGE_MAX);
      const bound = `history:${place.id}`;
      const from = decodeToken(queryString(req, 'pageToken'), bound);
      return {
        reviews: place.reviews.slice(from, from + size).map(reviewJson),
        totalSize: place.reviews.length,
        hasHistory: place.hasHistory,
        ...(from + size < place.reviews.length ? { nextPageToken: encodeToken(from + size, bound) } : {}),
      };
    }),
  );
}
