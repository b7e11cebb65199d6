import { API, INVITATION_SIGN_IN_CODE, MODULES } from '@dinedesk/contracts';
import type { TAuditEntry } from '@dinedesk/contracts/audit';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n.ts';
import { PATHS } from '../../lib/paths.ts';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { mockApi } from '../../testing/api-server.ts';
import { handle, reply } from '../../testing/contract-handlers.ts';
import { signInAs, userDataFixture } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render.tsx';
import { slugify, toRequest } from './components/onboarding-page.tsx';

const noReviews = () => [handle.fbPages(() => ({ data: [] })), handle.getReviews(() => ({ data: [], paging: { nextCursor: null } }))];

// Ids the server issues are UUIDs, and its request schemas refuse anything else (contracts/tenancy.ts).
const CLIENT_1 = '00000000-0000-4000-8000-0000000000c1';
const CLIENT_2 = '00000000-0000-4000-8000-0000000000c2';
const VIEWER_ID = '00000000-0000-4000-8000-000000000002';

describe('client switcher', () => {
  it('lists the clients of a user of several clients and switches with a new token', async () => {
    signInAs({ role: 'client_owner', ability: [{ action: 'manage', subject: 'Review' }], client: { id: CLIENT_1, name: 'Spice Route' } });
    const other = userDataFixture({ role: 'client_owner', ability: [{ action: 'manage', subject: 'Review' }], client: { id: CLIENT_2, name: 'Deccan Table' } });
    const fetchMock = mockApi(
      ...noReviews(),
      handle.myClients(() => ({
        data: [
          { id: CLIENT_1, name: 'Spice Route', role: 'client_owner', current: true },
          { id: CLIENT_2, name: 'Deccan Table', role: 'client_owner', current: false },
        ],
      })),
      handle.accessTokenByClientId(() => ({ accessToken: 'token-c2', userData: other })),
    );
    const { location } = renderApp(PATHS.reviews);
    const switcher = await screen.findByTestId('client-switcher');
    expect(switcher).toHaveTextContent('Spice Route');
    await userEvent.click(switcher);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Deccan Table' }));
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('token-c2'));
    expect(fetchMock.callsTo(API.accessTokenByClientId)[0]?.query.get('clientId')).toBe(CLIENT_2);
    await waitFor(() => expect(screen.getByTestId('client-switcher')).toHaveTextContent('Deccan Table'));
    // The other client's day starts at `/` (its Overview, or the first screen the user may see).
    await waitFor(() => expect(location.current?.pathname).toBe(PATHS.home));
  });

  it('shows only the client name to a user of one client', async () => {
    signInAs({ client: { id: CLIENT_1, name: 'Spice Route' } });
    mockApi(...noReviews(), handle.myClients(() => ({ data: [{ id: CLIENT_1, name: 'Spice Route', role: 'viewer', current: true }] })));
    renderApp(PATHS.reviews);
    expect(await screen.findByText('Spice Route')).toBeInTheDocument();
    expect(screen.queryByTestId('client-switcher')).toBeNull();
  });
});

/** The calls of the Users & access screen, answering an empty client. */
const usersAccessApi = () => [
  handle.myClients(() => ({ data: [] })),
  handle.clientUsers(() => ({ data: [] })),
  handle.getAllBrands(() => ({ data: [] })),
  handle.clientDetails(() => ({ message: 'OK' as const, client: null, userData: userDataFixture() })),
  handle.auditLog(() => ({ data: [] })),
];

describe('administration routes follow the ability', () => {
  it('shows "not authorized" on onboarding for an owner (no create Client)', async () => {
    signInAs({ role: 'client_owner', ability: [{ action: 'manage', subject: 'User' }, { action: 'read', subject: 'Review' }] });
    mockApi(...noReviews(), handle.myClients(() => ({ data: [] })));
    renderApp(PATHS.clientOnboarding);
    expect(await screen.findByRole('heading', { name: 'You are not authorized' })).toBeInTheDocument();
  });

  it('lets an owner change a user’s modules, sending an update of the access ids', async () => {
    signInAs({ id: 'me', role: 'client_owner', ability: [{ action: 'manage', subject: 'User' }, { action: 'manage', subject: 'Access' }, { action: 'read', subject: 'AuditLog' }] });
    const fetchMock = mockApi(
      ...usersAccessApi(),
      handle.clientUsers(() => ({
        data: [{ id: VIEWER_ID, email: 'viewer@x.demo', fullName: 'Vee Viewer', role: 'viewer', active: true, access: { brandIds: [], outletIds: [], modules: [...MODULES] } }],
      })),
      handle.accessControlOfUser(() => ({ userId: VIEWER_ID, role: 'viewer', access: { brandIds: [], outletIds: [], modules: ['reporting'] }, allOutlets: true })),
    );
    renderApp(PATHS.usersAccess);
    const row = await screen.findByTestId('user-viewer@x.demo');
    for (const label of ['Reviews & Complaints', 'Menu Management', 'Business Overview', 'Digital Marketing']) {
      await userEvent.click(within(row).getByRole('checkbox', { name: label }));
    }
    await userEvent.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.callsTo(API.accessControlOfUser)).toHaveLength(1));
    expect(fetchMock.callsTo(API.accessControlOfUser)[0]?.body).toEqual({ request: 'update', userId: VIEWER_ID, role: 'viewer', brandIds: [], outletIds: [], modules: ['reporting'] });
  });
});

describe('audit log in words', () => {
  const OUTLET_1 = '00000000-0000-4000-8000-0000000000a1';
  const OUTLET_2 = '00000000-0000-4000-8000-0000000000a2';
  const ARJUN = '00000000-0000-4000-8000-0000000000b1';
  const entries: TAuditEntry[] = [
    {
      id: 2,
      at: '2026-11-30T10:15:00.000Z',
      action: 'access.updated',
      actor: { id: '00000000-0000-4000-8000-0000000000b9', name: 'Priya' },
      target: { kind: 'user', id: ARJUN, name: 'Arjun' },
      details: { from: { brandIds: [], outletIds: [OUTLET_1, OUTLET_2], modules: ['reporting'] }, to: { brandIds: [], outletIds: [OUTLET_1], modules: ['reporting'] } },
      names: { [`outlet:${OUTLET_1}`]: 'Outlet 1', [`outlet:${OUTLET_2}`]: 'Outlet 2' },
    },
    { id: 1, at: '2026-11-29T09:00:00.000Z', action: 'role.changed', actor: { id: '00000000-0000-4000-8000-0000000000b9', name: 'Priya' }, target: { kind: 'user', id: ARJUN, name: 'Arjun' }, details: { from: 'viewer', to: 'agent' }, names: {} },
    { id: 0, at: '2026-11-28T09:00:00.000Z', action: 'something.new', actor: null, target: { kind: 'outlet', id: OUTLET_2, name: null }, details: {}, names: {} },
  ];

  it('says what happened with names, never verbs and ids, in English and German', async () => {
    signInAs({ id: 'me', role: 'client_owner', ability: [{ action: 'manage', subject: 'User' }, { action: 'read', subject: 'AuditLog' }] });
    mockApi(...usersAccessApi(), handle.auditLog(() => ({ data: entries })));
    renderApp(PATHS.usersAccess);
    await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(3));
    const lines = () => screen.getAllByTestId('audit-entry').map((e) => e.lastChild?.textContent);
    expect(lines()).toEqual(['Priya changed Arjun’s access: removed Outlet 2', 'Priya changed Arjun’s role from Viewer to Agent', 'DineDesk made a change to an outlet']);
    for (const e of screen.getAllByTestId('audit-entry')) expect(e.textContent).not.toMatch(/access\.updated|user:|00000000/);
    await act(() => changeLanguage('de'));
    await waitFor(() => expect(lines()[0]).toBe('Priya hat den Zugriff von Arjun geändert: Outlet 2 entfernt'));
    await act(() => changeLanguage('en'));
  });
});

describe('onboarding wizard helpers', () => {
  it('derives keys the server accepts from names', () => {
    expect(slugify('  Spice Route Café & Bar ')).toBe('spice-route-cafe-bar');
    const req = toRequest({ key: 'masala-co', name: 'Masala Co' }, [{ name: 'Tandoor House', outlets: [{ name: 'Indiranagar', city: 'Bangalore', facebookPageId: ' 123 ' }] }], { email: 'o@x.io', fullName: 'O' });
    expect(req.brands[0]).toEqual({ key: 'tandoor-house', name: 'Tandoor House', outlets: [{ key: 'tandoor-house-indiranagar', name: 'Indiranagar', city: 'Bangalore', facebookPageId: '123' }] });
  });
});

describe('invitations (docs/decisions/0009)', () => {
  it('shows the invitation link for every invited email, with how an existing account accepts', async () => {
    signInAs({ id: 'me', role: 'client_owner', ability: [{ action: 'manage', subject: 'User' }, { action: 'manage', subject: 'Access' }, { action: 'read', subject: 'AuditLog' }] });
    const fetchMock = mockApi(
      ...usersAccessApi(),
      handle.inviteUser(({ body }) => ({
        user: { id: 'inv-1', email: body.email, fullName: 'Typed', role: 'viewer', active: false, access: { brandIds: [], outletIds: [], modules: [...MODULES] } },
        invitation: { url: '/set-password?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', expiresAt: '2030-01-08T00:00:00.000Z' },
      })),
    );
    renderApp(PATHS.usersAccess);
    await userEvent.type(await screen.findByRole('textbox', { name: /Email/ }), 'agent@other-client.demo');
    await userEvent.type(screen.getByRole('textbox', { name: /Full name/ }), 'Typed');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    const link = await screen.findByTestId('invitation-link');
    expect(link).toHaveTextContent('/set-password?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG');
    expect(link).toHaveTextContent('signs in with it to accept');
    expect(screen.queryByText(/already has an account and was added/)).toBeNull();
    expect(fetchMock.callsTo(API.inviteUser)).toHaveLength(1);
  });

  it('asks an existing account to sign in, then accepts with the link instead of setting a password', async () => {
    const joined = userDataFixture({ role: 'viewer', client: { id: 'c-a', name: 'Spice Route' } });
    const fetchMock = mockApi(
      ...noReviews(),
      handle.myClients(() => ({ data: [] })),
      handle.setPassword(() =>
        reply.error(409, {
          message: 'This email address already has a DineDesk account or an earlier invitation: sign in with that account to accept this invitation',
          field: 'body.token',
          code: INVITATION_SIGN_IN_CODE,
        }),
      ),
      handle.login(() => ({ accessToken: 'token-own-client', userData: userDataFixture() })),
      handle.acceptInvitation(() => ({ accessToken: 'token-client-a', userData: joined })),
    );
    const token = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
    renderApp(`${PATHS.setPassword}?token=${token}`);
    await userEvent.type(await screen.findByLabelText(/New password/), 'Correct-Horse-Battery-42');
    await userEvent.type(screen.getByLabelText(/Repeat the password/), 'Correct-Horse-Battery-42');
    await userEvent.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByText(/already has a DineDesk account\. Sign in with it/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Email/), 'agent@other-client.demo');
    await userEvent.type(screen.getByLabelText(/Your password/), 'DineDesk-demo-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in and accept' }));
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('token-client-a'));
    expect(fetchMock.callsTo(API.setPassword)).toHaveLength(1);
    expect(fetchMock.callsTo(API.login)[0]?.body).toEqual({ email: 'agent@other-client.demo', password: 'DineDesk-demo-2026' });
    expect(fetchMock.callsTo(API.acceptInvitation)[0]?.body).toEqual({ token });
  });
});
