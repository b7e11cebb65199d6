/**
 * HTTP client of Google Places API (New) (competitor analysis, docs/decisions/0030). The same
 * code talks to Google (`https://places.googleapis.com`) and to the simulator
 * (`{simulator}/google/places`, packages/meta-sim places/routes.ts): only the base URL differs.
 * Every call sends the API key (`X-Goog-Api-Key`) and a field mask (`X-Goog-FieldMask`), which
 * Places requires.
 *
 * Errors: Google's envelope `{error:{code,message,status}}`, a timeout or the network become
 * {@link GoogleApiError} (lib/google-client.ts), the same class the Business Profile client throws.
 */
import { GoogleApiError } from './google-client.ts';

/** A Place with the fields DineDesk masks (Places API (New) `Place`); absent fields are absent. */
export interface PlacesPlace {
  id: string;
  displayName?: { text: string; languageCode?: string };
  formattedAddress?: string;
  /** 1–5. */
  rating?: number;
  userRatingCount?: number;
  priceLevel?: string;
  types?: string[];
}

/** A public review (Places API (New) `Review`). */
export interface PlacesReview {
  name: string;
  rating: number;
  text?: { text: string };
  /** RFC 3339. */
  publishTime: string;
  authorAttribution?: { displayName?: string };
}

/**
 * Text Search's `locationBias` as Places API (New) takes it: a circle around `center` (WGS84
 * degrees) of `radius` metres (0–50,000). Places ranks results around it higher; it does not
 * drop the others.
 */
export interface PlacesLocationBias {
  circle: { center: { latitude: number; longitude: number }; radius: number };
}

export interface PlacesClientOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  /** Whether the base is the simulator, whose review-history listing stands in for collected history. */
  simulatorHistory: boolean;
  fetch?: typeof fetch;
}

/** The fields DineDesk reads of a Place (list and detail). */
export const PLACE_MASK = ['id', 'displayName', 'formattedAddress', 'rating', 'userRatingCount', 'priceLevel', 'types'] as const;

export class PlacesClient {
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly opts: PlacesClientOptions) {
    this.fetchImpl = opts.fetch ?? fetch;
  }

  /** Whether {@link reviewHistory} can be called (the simulator only). */
  get hasHistory(): boolean {
    return this.opts.simulatorHistory;
  }

  /**
   * Text Search (`POST v1/places:searchText`), one page of at most `pageSize` (≤ 20) Places,
   * biased to `locationBias` when given.
   * @throws GoogleApiError on an error answer (400 INVALID_ARGUMENT for a bias out of range), a
   *   timeout or the network
   */
  async searchText(textQuery: string, pageSize = 20, locationBias?: PlacesLocationBias): Promise<PlacesPlace[]> {
    const json = await this.call<{ places?: PlacesPlace[] }>('POST', 'v1/places:searchText', PLACE_MASK.map((f) => `places.${f}`).join(','), { textQuery, pageSize, ...(locationBias ? { locationBias } : {}) });
    return json.places ?? [];
  }

  /**
   * Place Details (`GET v1/places/{placeId}`).
   * @throws GoogleApiError 404 NOT_FOUND for an unknown place, and as {@link searchText}
   */
  getPlace(placeId: string): Promise<PlacesPlace> {
    return this.call<PlacesPlace>('GET', `v1/places/${encodeURIComponent(placeId)}`, PLACE_MASK.join(','));
  }

  /**
   * One page of a Place's public review history, newest first: the SIMULATOR's
   * `simReviewHistory` (not a Google API; decision 0030). Only when {@link hasHistory}.
   * @throws GoogleApiError as {@link getPlace}; Error when the base is not the simulator
   */
  async reviewHistory(placeId: string, pageToken?: string): Promise<{ reviews: PlacesReview[]; nextPageToken?: string; hasHistory: boolean }> {
    if (!this.hasHistory) throw new Error('Review history is the simulator’s stand-in; Google Places has none');
    const q = new URLSearchParams({ pageSize: '100', ...(pageToken ? { pageToken } : {}) });
    return this.call('GET', `v1/places/${encodeURIComponent(placeId)}/simReviewHistory?${q}`, null);
  }

  private async call<T>(method: 'GET' | 'POST', path: string, fieldMask: string | null, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { 'x-goog-api-key': this.opts.apiKey, accept: 'application/json' };
    if (fieldMask) headers['x-goog-fieldmask'] = fieldMask;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await this.fetchImpl(`${this.opts.baseUrl}/${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}), signal: AbortSignal.timeout(this.opts.timeoutMs) });
    } catch (e) {
      const timeout = (e as Error).name === 'TimeoutError' || (e as Error).name === 'AbortError';
      throw new GoogleApiError(timeout ? `Places did not answer within ${this.opts.timeoutMs} ms` : `Places could not be reached (${(e as Error).message})`, 0, timeout ? 'TIMEOUT' : 'NETWORK');
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      throw new GoogleApiError(`Places answered something that is not JSON (HTTP ${res.status})`, res.status, `HTTP_${res.status}`);
    }
    if (!res.ok) {
      const env = (json as { error?: { message?: unknown; status?: unknown } }).error;
      throw new GoogleApiError(typeof env?.message === 'string' ? env.message.slice(0, 500) : `HTTP ${res.status}`, res.status, typeof env?.status === 'string' ? env.status : `HTTP_${res.status}`);
    }
    return json as T;
  }
}
