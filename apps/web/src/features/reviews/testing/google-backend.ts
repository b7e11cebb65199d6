/**
 * An in-memory stand-in for the connections screen's API, for its tests: the Facebook accounts
 * (`get-accounts`), the connect URL (`construct-fb-auth-url`), the outlets (`get-fb-pages`) and
 * Google Business Profile (`get-locations-for-user`, `google/link-location`). Linking follows
 * the server's rules (google-connect.service.ts `linkLocation`): one location per outlet, one
 * outlet per location, 404 for what the caller does not know, 409 with the server's codes.
 * Every handler is a contract handler (testing/contract-handlers.ts), so requests and answers
 * are checked against the contracts' schemas, and every request is recorded.
 */
import {
  API,
  ZConstructFbAuthUrlQuery,
  ZConstructFbAuthUrlResponse,
  ZGetAccountsResponse,
  ZGetLocationsForUserRequest,
  ZGetLocationsForUserResponse,
  ZGoogleConnection,
  ZGoogleLocationChoice,
  ZLinkGoogleLocationRequest,
  type TFbPage,
  type TGetAccountsResponse,
  type TGoogleConnection,
  type TGoogleLocationChoice,
} from '@dinedesk/contracts';
import type { HttpHandler } from 'msw';
import { mockApi, type ApiMock } from '../../../testing/api-server.ts';
import { contractHandler, handle, reply, type ContractResolver, type Endpoint } from '../../../testing/contract-handlers.ts';
import { pageFixture } from '../../../testing/fixtures.ts';

/** The endpoints of the connections screen, as the contracts describe them. */
export const CONNECTION_ENDPOINTS = {
  getAccounts: { method: 'GET', path: API.getAccounts, response: ZGetAccountsResponse },
  constructFbAuthUrl: { method: 'GET', path: API.constructFbAuthUrl, query: ZConstructFbAuthUrlQuery, response: ZConstructFbAuthUrlResponse },
  getLocationsForUser: { method: 'POST', path: API.getLocationsForUser, body: ZGetLocationsForUserRequest, response: ZGetLocationsForUserResponse },
  linkGoogleLocation: { method: 'POST', path: API.linkGoogleLocation, body: ZLinkGoogleLocationRequest, response: ZGoogleConnection },
} as const satisfies Record<string, Endpoint>;

type ConnectionEndpoints = typeof CONNECTION_ENDPOINTS;

/** `googleHandle.<endpoint>(resolver)`: a contract handler, e.g. to override one answer in a test. */
export const googleHandle = Object.fromEntries(
  Object.entries(CONNECTION_ENDPOINTS).map(([name, endpoint]) => [name, (resolve: ContractResolver<Endpoint>) => contractHandler(name, endpoint, resolve)]),
) as { [K in keyof ConnectionEndpoints]: (resolve: ContractResolver<ConnectionEndpoints[K]>) => HttpHandler };

/** The URL `construct-fb-auth-url?authType=google` answers in these tests. */
export const GOOGLE_CONSENT_URL = 'https://accounts.example.test/o/oauth2/v2/auth?client_id=dinedesk&state=signed';

/** Outlets of the tests (ids are UUIDs: the link call's contract requires them). */
export const OUTLETS = {
  paradise: { id: '0b7e5d3c-1a2b-4c3d-8e4f-000000000001', name: 'Paradise, Gachibowli', brand: 'Paradise' },
  bawarchi: { id: '0b7e5d3c-1a2b-4c3d-8e4f-000000000002', name: 'Bawarchi, RTC X Roads', brand: 'Bawarchi' },
  chutneys: { id: '0b7e5d3c-1a2b-4c3d-8e4f-000000000003', name: 'Chutneys, Jubilee Hills', brand: 'Chutneys' },
} as const;

/** A Facebook page per outlet: where the screen takes the outlets to link to. */
export function outletPages(): TFbPage[] {
  return Object.values(OUTLETS).map((o, i) => pageFixture({ id: String(2001 + i), name: o.name, outletId: o.id, outletName: o.name, brandId: `b-${i + 1}`, brandName: o.brand }));
}

export function googleLocationFixture(overrides: Partial<TGoogleLocationChoice> = {}): TGoogleLocationChoice {
  return ZGoogleLocationChoice.parse({
    name: 'locations/9001',
    accountName: 'accounts/7001',
    title: 'Paradise Biryani Gachibowli',
    storeCode: 'paradise-gachibowli',
    address: '12 Old Mumbai Highway, Hyderabad, 500032',
    mapsUri: 'https://maps.google.com/?cid=9001',
    linkedOutletId: OUTLETS.paradise.id,
    linkedOutletName: OUTLETS.paradise.name,
    suggestedOutletId: null,
    ...overrides,
  });
}

export function googleConnectionFixture(overrides: Partial<TGoogleConnection> = {}): TGoogleConnection {
  return ZGoogleConnection.parse({
    id: '5f0c8a2e-3b4d-4e5f-9a6b-7c8d9e0f1a2b',
    email: 'admin@spice-route.example.com',
    name: 'Spice Route Admin',
    health: 'valid',
    reason: null,
    connectedAt: '2025-01-05T09:30:00.000Z',
    connectedByName: 'Asha Rao',
    locations: [googleLocationFixture()],
    error: null,
    ...overrides,
  });
}

export interface GoogleBackendData {
  connections: TGoogleConnection[];
  /** Outlets, as `get-fb-pages` lists them. */
  pages?: TFbPage[];
  accounts?: TGetAccountsResponse;
}

export interface GoogleBackend extends ApiMock {
  data: Required<GoogleBackendData>;
}

/** Replaces one location of one connection in `data`, returning the updated connection. */
function updateLocation(data: Required<GoogleBackendData>, connectionId: string, name: string, patch: Partial<TGoogleLocationChoice>): TGoogleConnection {
  let updated: TGoogleConnection | undefined;
  data.connections = data.connections.map((c) => {
    if (c.id !== connectionId) return c;
    updated = { ...c, locations: c.locations.map((l) => (l.name === name ? { ...l, ...patch } : l)) };
    return updated;
  });
  return updated!;
}

/** Installs the fake connections API over `initial` for the running test. */
export function googleBackend(initial: GoogleBackendData): GoogleBackend {
  const data: Required<GoogleBackendData> = { pages: outletPages(), accounts: { accounts: [], notConnected: [], live: true }, ...initial };
  const mock = mockApi(
    handle.fbPages(() => ({ data: data.pages })),
    googleHandle.getAccounts(() => data.accounts),
    googleHandle.constructFbAuthUrl(({ query }) => ({
      url: query.get('authType') === 'google' ? GOOGLE_CONSENT_URL : 'https://www.facebook.example.test/v21.0/dialog/oauth?state=signed',
      expiresAt: '2025-02-01T10:10:00.000Z',
    })),
    googleHandle.getLocationsForUser(({ body }) => ({ connections: data.connections.filter((c) => !body.connectionId || c.id === body.connectionId) })),
    googleHandle.linkGoogleLocation(({ body: { connectionId, accountName, locationName, outletId } }) => {
      const connection = data.connections.find((c) => c.id === connectionId);
      if (!connection) return reply.error(404, { message: `Google connection ${connectionId} not found`, field: 'body.connectionId' });
      const location = connection.locations.find((l) => l.name === locationName && l.accountName === accountName);
      if (!location) return reply.error(404, { message: `The Google account ${connection.email} does not manage ${locationName} in ${accountName}`, field: 'body.locationName' });
      if (outletId === null) {
        if (!location.linkedOutletId) return reply.error(404, { message: `Google location ${locationName} is not linked`, field: 'body.locationName' });
        // The demo store codes are outlet keys, so the server suggests the outlet again.
        return updateLocation(data, connectionId, locationName, { linkedOutletId: null, linkedOutletName: null, suggestedOutletId: location.linkedOutletId });
      }
      const page = data.pages.find((p) => p.outletId === outletId);
      if (!page) return reply.error(404, { message: `Outlet ${outletId} not found`, field: 'body.outletId' });
      if (location.linkedOutletId === outletId) return connection;
      if (location.linkedOutletId) return reply.error(409, { message: 'This Google location is already linked to another outlet; unlink it first.', field: 'body.locationName', code: 'location_linked' });
      const taken = data.connections.flatMap((c) => c.locations).find((l) => l.linkedOutletId === outletId);
      if (taken) return reply.error(409, { message: `${page.outletName} already has a Google location (${taken.title}); unlink it first.`, field: 'body.outletId', code: 'outlet_linked' });
      return updateLocation(data, connectionId, locationName, { linkedOutletId: outletId, linkedOutletName: page.outletName, suggestedOutletId: null });
    }),
  );
  return Object.assign(mock, { data });
}
