import { API, FACEBOOK_CONNECT_ROUTE, type TAbilityRule } from '@dinedesk/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { reply } from '../../../testing/contract-handlers.ts';
import { OWNER_RULES } from '../../../testing/fixtures.ts';
import { renderWithProviders, urlOf } from '../../../testing/render.tsx';
import { CONNECT_MESSAGE } from '../api/facebook-connect.ts';
import {
  GOOGLE_CONSENT_URL,
  googleBackend,
  googleConnectionFixture,
  googleHandle,
  googleLocationFixture,
  OUTLETS,
  type GoogleBackendData,
} from '../testing/google-backend.ts';
import FacebookConnectPage from './facebook-connect-page.tsx';

/** A viewer: reads reviews and the connections, may not connect (docs/decisions/0022 "Who"). */
const VIEWER_RULES: TAbilityRule[] = [
  { action: 'read', subject: 'Review' },
  { action: 'read', subject: 'PageConnection' },
];

/** Linked to Paradise. */
const linked = googleLocationFixture();
/** Not linked; its store code names Bawarchi. */
const unlinked = googleLocationFixture({
  name: 'locations/9002',
  title: 'Bawarchi RTC X Roads',
  storeCode: 'bawarchi-rtc',
  address: '1-1-60 RTC X Roads, Hyderabad, 500020',
  mapsUri: null,
  linkedOutletId: null,
  linkedOutletName: null,
  suggestedOutletId: OUTLETS.bawarchi.id,
});
const connection = googleConnectionFixture({ locations: [linked, unlinked] });
const dead = googleConnectionFixture({
  id: '6a1d9b3f-4c5e-4f60-8b7c-8d9e0f1a2b3c',
  email: 'marketing@spice-route.example.com',
  name: 'Spice Route Marketing',
  health: 'dead',
  reason: 'Google refused the refresh token: access was revoked by the account.',
  locations: [],
  error: 'Google refused the refresh token while listing locations.',
});

function setup(data: Partial<GoogleBackendData> = {}, { rules = OWNER_RULES, search = '' }: { rules?: TAbilityRule[]; search?: string } = {}) {
  const backend = googleBackend({ connections: [connection], ...data });
  const view = renderWithProviders(<FacebookConnectPage />, { path: `${FACEBOOK_CONNECT_ROUTE}${search}`, rules });
  return { backend, ...view, user: userEvent.setup() };
}

async function rows() {
  const card = await screen.findByTestId('google-connection');
  return within(card).findAllByTestId('google-location');
}

const row = (name: string) => screen.getAllByTestId('google-location').find((r) => r.getAttribute('data-location-name') === name)!;
const linkCalls = (backend: ReturnType<typeof googleBackend>) => backend.callsTo(API.linkGoogleLocation, 'POST');

describe('Google Business Profile on the connections screen', () => {
  it('lists each connection with its locations, linked and unlinked', async () => {
    const { backend } = setup();

    const [first, second] = await rows();
    const card = screen.getByTestId('google-connection');
    expect(within(card).getByRole('heading', { name: 'Spice Route Admin · admin@spice-route.example.com' })).toBeInTheDocument();
    expect(within(card).getByTestId('google-health')).toHaveAttribute('data-health', 'valid');
    expect(within(card).getByTestId('google-health')).toHaveTextContent('Valid');
    expect(within(card).getByText(/Connected by Asha Rao on/)).toBeInTheDocument();
    expect(within(card).getByRole('table', { name: 'Google locations of admin@spice-route.example.com' })).toBeInTheDocument();

    expect(first).toHaveAttribute('data-linked', 'true');
    expect(within(first!).getByRole('link', { name: 'Paradise Biryani Gachibowli' })).toHaveAttribute('href', 'https://maps.google.com/?cid=9001');
    expect(within(first!).getByText('12 Old Mumbai Highway, Hyderabad, 500032')).toBeInTheDocument();
    expect(within(first!).getByText('paradise-gachibowli')).toBeInTheDocument();
    expect(within(first!).getByTestId('google-linked-outlet')).toHaveTextContent('Paradise, Gachibowli');
    expect(within(first!).getByTestId('google-unlink')).toBeInTheDocument();

    expect(second).toHaveAttribute('data-linked', 'false');
    const select = within(second!).getByRole('combobox', { name: 'Outlet for Bawarchi RTC X Roads' });
    // The store code's suggestion is chosen; the outlet that has a location already is not offered.
    await waitFor(() => expect(select).toHaveValue(OUTLETS.bawarchi.id));
    expect(within(select).getByRole('option', { name: 'Paradise, Gachibowli (already linked)' })).toBeDisabled();
    expect(within(select).getByRole('group', { name: 'Bawarchi' })).toContainElement(within(select).getByRole('option', { name: 'Bawarchi, RTC X Roads' }));
    expect(within(second!).getByTestId('google-link')).toBeEnabled();

    expect(backend.callsTo(API.getLocationsForUser, 'POST')[0]?.body).toEqual({});
    expect(screen.getByTestId('google-connect')).toBeInTheDocument();
  });

  it('links an unlinked location to the outlet its store code suggests', async () => {
    const { backend, user } = setup();
    await rows();
    const select = within(row('locations/9002')).getByTestId('google-outlet-select');
    await waitFor(() => expect(select).toHaveValue(OUTLETS.bawarchi.id));

    await user.click(within(row('locations/9002')).getByTestId('google-link'));

    await waitFor(() => expect(row('locations/9002')).toHaveAttribute('data-linked', 'true'));
    expect(within(row('locations/9002')).getByTestId('google-linked-outlet')).toHaveTextContent('Bawarchi, RTC X Roads');
    expect(linkCalls(backend).map((c) => c.body)).toEqual([
      { connectionId: connection.id, accountName: 'accounts/7001', locationName: 'locations/9002', outletId: OUTLETS.bawarchi.id },
    ]);
  });

  it('links to another outlet the owner picks, and shows the server’s refusal', async () => {
    const { backend, user } = setup();
    await rows();
    backend.use(
      googleHandle.linkGoogleLocation(() =>
        reply.error(409, { message: 'Chutneys, Jubilee Hills already has a Google location (Chutneys Jubilee); unlink it first.', field: 'body.outletId', code: 'outlet_linked' }),
      ),
    );
    await user.selectOptions(within(row('locations/9002')).getByTestId('google-outlet-select'), OUTLETS.chutneys.id);
    await user.click(within(row('locations/9002')).getByTestId('google-link'));

    expect(await screen.findByTestId('google-link-error')).toHaveTextContent('Chutneys, Jubilee Hills already has a Google location (Chutneys Jubilee); unlink it first.');
    expect(row('locations/9002')).toHaveAttribute('data-linked', 'false');
    expect(linkCalls(backend).at(-1)?.body).toMatchObject({ locationName: 'locations/9002', outletId: OUTLETS.chutneys.id });
  });

  it('unlinks a linked location only once the owner confirms', async () => {
    const { backend, user } = setup();
    await rows();

    await user.click(within(row('locations/9001')).getByTestId('google-unlink'));
    let dialog = await screen.findByRole('dialog', { name: 'Unlink Paradise Biryani Gachibowli?' });
    expect(dialog).toHaveTextContent('Its Google reviews stored in DineDesk are removed');
    expect(dialog).toHaveTextContent('no longer be linked to Paradise, Gachibowli');
    await user.click(within(dialog).getByTestId('google-unlink-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(linkCalls(backend)).toHaveLength(0);
    expect(row('locations/9001')).toHaveAttribute('data-linked', 'true');

    await user.click(within(row('locations/9001')).getByTestId('google-unlink'));
    dialog = await screen.findByRole('dialog', { name: 'Unlink Paradise Biryani Gachibowli?' });
    await user.click(within(dialog).getByTestId('google-unlink-confirm'));

    await waitFor(() => expect(row('locations/9001')).toHaveAttribute('data-linked', 'false'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(linkCalls(backend).map((c) => c.body)).toEqual([{ connectionId: connection.id, accountName: 'accounts/7001', locationName: 'locations/9001', outletId: null }]);
    // Unlinked, it can be linked back: its outlet is suggested again.
    await waitFor(() => expect(within(row('locations/9001')).getByTestId('google-outlet-select')).toHaveValue(OUTLETS.paradise.id));
  });

  it('shows a dead connection’s reason, with Reconnect for the owner running the Google flow', async () => {
    const popup = { closed: false };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as Window);
    const { backend, user } = setup({ connections: [connection, dead] });
    const cards = await screen.findAllByTestId('google-connection');
    const deadCard = cards.find((c) => c.getAttribute('data-connection-id') === dead.id)!;

    expect(within(deadCard).getByTestId('google-health')).toHaveAttribute('data-health', 'dead');
    expect(within(deadCard).getByTestId('google-health')).toHaveTextContent('Not valid');
    expect(within(deadCard).getByTestId('google-reason')).toHaveTextContent('access was revoked by the account');
    expect(within(deadCard).getByTestId('google-error')).toHaveTextContent('Google could not list this account’s locations: Google refused the refresh token while listing locations.');
    expect(within(deadCard).queryByRole('table')).not.toBeInTheDocument();

    await user.click(within(deadCard).getByTestId('google-reconnect'));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(open.mock.calls[0]?.[0]).toBe(GOOGLE_CONSENT_URL);
    expect(open.mock.calls[0]?.[2]).toMatch(/^popup=yes,width=700,height=800,/);
    expect(backend.callsTo(API.constructFbAuthUrl, 'GET').map((c) => c.query.get('authType'))).toEqual(['google']);
    popup.closed = true; // ends the screen's wait for the popup
  });

  it('shows a viewer everything read-only: the reason of a dead connection, no buttons, no selects', async () => {
    const { backend } = setup({ connections: [connection, dead] }, { rules: VIEWER_RULES });
    const cards = await screen.findAllByTestId('google-connection');
    const deadCard = cards.find((c) => c.getAttribute('data-connection-id') === dead.id)!;
    expect(within(deadCard).getByTestId('google-reason')).toHaveTextContent('access was revoked by the account');

    expect(within(row('locations/9001')).getByTestId('google-linked-outlet')).toHaveTextContent('Paradise, Gachibowli');
    expect(within(row('locations/9002')).getByText('Not linked')).toBeInTheDocument();
    const section = screen.getByTestId('google-section');
    expect(within(section).queryAllByRole('button')).toEqual([]);
    expect(within(section).queryAllByRole('combobox')).toEqual([]);
    // No outlet list is asked for: a viewer never links.
    expect(backend.callsTo(API.fbPages)).toHaveLength(0);
  });

  it('says when no Google account is connected, with Connect for owners only', async () => {
    const popup = { closed: false };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as Window);
    const { user, backend } = setup({ connections: [] });
    const empty = await screen.findByTestId('google-empty');
    expect(empty).toHaveTextContent('No Google account connected yet');
    expect(screen.getAllByTestId('google-connect')).toHaveLength(1);
    await user.click(within(empty).getByRole('button', { name: 'Connect Google' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(GOOGLE_CONSENT_URL, expect.any(String), expect.stringMatching(/width=700,height=800/)));
    expect(backend.callsTo(API.constructFbAuthUrl).at(-1)?.query.get('authType')).toBe('google');
    popup.closed = true; // ends the screen's wait for the popup
  });

  it('tells a viewer to ask the owner when no Google account is connected', async () => {
    setup({ connections: [] }, { rules: VIEWER_RULES });
    expect(await screen.findByTestId('google-empty')).toHaveTextContent('Ask your account owner to connect one.');
    expect(screen.queryByTestId('google-connect')).not.toBeInTheDocument();
  });

  it('links a location’s title to Google Maps only with an https address', async () => {
    setup({ connections: [googleConnectionFixture({ locations: [googleLocationFixture({ mapsUri: 'javascript:alert(1)' })] })] });
    const [only] = await rows();
    expect(within(only!).getByText('Paradise Biryani Gachibowli')).toBeInTheDocument();
    expect(within(only!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('holds the place of the connections while they load', async () => {
    const backend = googleBackend({ connections: [connection] });
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    backend.use(
      googleHandle.getLocationsForUser(async () => {
        await answered;
        return { connections: [connection] };
      }),
    );
    renderWithProviders(<FacebookConnectPage />, { path: FACEBOOK_CONNECT_ROUTE, rules: OWNER_RULES });
    expect(await screen.findByTestId('google-loading')).toHaveAttribute('aria-busy', 'true');
    act(() => answer());
    await rows();
    expect(screen.queryByTestId('google-loading')).not.toBeInTheDocument();
  });

  it('shows why the Google connect failed, in the user’s language', async () => {
    setup({}, { search: '?googleToken=failed&reason=permissions' });
    const result = await screen.findByTestId('google-connect-result');
    expect(result).toHaveAttribute('data-result', 'failed');
    expect(result).toHaveTextContent('DineDesk needs permission to manage your Business Profile to read its reviews.');
    // The Facebook result is not shown for a Google landing.
    expect(screen.queryByTestId('connect-result')).not.toBeInTheDocument();
  });

  it('says a failed Google connect in German', async () => {
    await changeLanguage('de');
    setup({}, { search: '?googleToken=failed&reason=cancelled' });
    expect(await screen.findByTestId('google-connect-result')).toHaveTextContent('Sie haben die Google-Anmeldung abgebrochen. Es wurde nichts geändert.');
    expect(screen.getByRole('heading', { name: 'Google Unternehmensprofil' })).toBeInTheDocument();
  });

  it('says an unknown failure plainly, and a success with what to do next', async () => {
    const { user, location } = setup({}, { search: '?googleToken=failed&reason=teapot' });
    expect(await screen.findByTestId('google-connect-result')).toHaveTextContent('The connection to Google failed. Try again.');
    await user.click(within(screen.getByTestId('google-connect-result')).getByRole('button', { name: /close/i }));
    expect(screen.queryByTestId('google-connect-result')).not.toBeInTheDocument();
    expect(urlOf(location)).toBe(FACEBOOK_CONNECT_ROUTE);
  });

  it('shows the result the Google popup reports, and lists the connections again', async () => {
    const { backend, location } = setup();
    await rows();
    const before = backend.callsTo(API.getLocationsForUser).length;

    act(() => {
      window.dispatchEvent(new MessageEvent('message', { origin: window.location.origin, data: { type: CONNECT_MESSAGE, result: { googleToken: 'success', reason: null } } }));
    });

    expect(await screen.findByTestId('google-connect-result')).toHaveTextContent('Google is connected. Link its locations to your outlets to sync their reviews.');
    expect(urlOf(location)).toBe(`${FACEBOOK_CONNECT_ROUTE}?googleToken=success`);
    await waitFor(() => expect(backend.callsTo(API.getLocationsForUser).length).toBeGreaterThan(before));
  });
});
