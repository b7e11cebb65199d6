/**
 * The account-settings demo's mock rules (docs/requirements/data.md#account-settings and calls.md)
 * through `msw/node`, over fresh data: the settings' four sections with the template's values; this
 * app's update call replacing only the sections sent, answering the whole settings, and refusing a
 * bad field or an empty body with 400 naming it.
 */
import { describe, expect, it } from 'vitest';
import { DemoRequestError } from '../mock/demo-fetch.ts';
import { setupDemoServer } from '../mock/node.ts';
import { memoryState } from '../mock/session-state.ts';
import { getAccountSettings } from './api/get-account-settings.ts';
import { updateAccountSettings } from './api/update-account-settings.ts';
import { createAccountDb } from './data.ts';
import { createAccountHandlers } from './handlers.ts';
import { ACCOUNT_API, NOTIFICATION_SETTINGS, SOCIAL_CONNECTIONS, SOCIAL_LINKS, ZAccountSettings } from './schema.ts';

setupDemoServer(() => createAccountHandlers(memoryState(createAccountDb)));

const INITIAL = createAccountDb().settings;
const post = (body: unknown) => fetch(ACCOUNT_API.update, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('GET /account-setting/data', () => {
  it('answers general, info, social (links and connections) and notification', async () => {
    const settings = await getAccountSettings();
    expect(() => ZAccountSettings.parse(settings)).not.toThrow();
    expect(settings).toEqual(INITIAL);
    expect(Object.keys(settings.general).sort()).toEqual(['avatar', 'company', 'email', 'fullName', 'username']);
    expect(Object.keys(settings.info).sort()).toEqual(['bio', 'country', 'dob', 'phone', 'website']);
    expect(Object.keys(settings.social.socialLinks).sort()).toEqual([...SOCIAL_LINKS].sort());
    expect(Object.keys(settings.social.connections).sort()).toEqual([...SOCIAL_CONNECTIONS].sort());
    expect(Object.keys(settings.notification).sort()).toEqual([...NOTIFICATION_SETTINGS].sort());
    expect(settings.general.username).toBe('johndoe');
    expect(settings.social.connections.twitter?.id).toBe('johndoe');
    expect(settings.social.connections.github).toBeNull();
  });
});

describe('POST /account-setting/update (this app’s addition)', () => {
  it('replaces the sections sent, keeps the others and answers the whole settings', async () => {
    const info = { bio: 'Runs the Spice Route kitchens.', dob: '1990-04-12', country: 'India', website: 'https://spice-route.example', phone: '+91 40 2345 6789' };
    const notification = { ...INITIAL.notification, blogDigest: true, followMe: true };
    const answer = await updateAccountSettings({ info, notification });
    expect(answer).toEqual({ ...INITIAL, info, notification });
    expect(await getAccountSettings()).toEqual(answer);

    const general = { ...INITIAL.general, fullName: 'Asha Kumar', company: '' };
    expect((await updateAccountSettings({ general })).general).toEqual(general);
    expect((await getAccountSettings()).info).toEqual(info);
  });

  it('saves a disconnected account and an uploaded avatar', async () => {
    const social = { ...INITIAL.social, connections: { ...INITIAL.social.connections, twitter: null } };
    expect((await updateAccountSettings({ social })).social.connections.twitter).toBeNull();
    const avatar = 'data:image/png;base64,iVBORw0KGgo=';
    expect((await updateAccountSettings({ general: { ...INITIAL.general, avatar } })).general.avatar).toBe(avatar);
  });

  it.each([
    ['general.email', { general: { ...INITIAL.general, email: 'not-an-email' } }],
    ['info.website', { info: { ...INITIAL.info, website: 'javascript:alert(1)' } }],
    ['info.dob', { info: { ...INITIAL.info, dob: '12/04/1990' } }],
    ['social.socialLinks.quora', { social: { ...INITIAL.social, socialLinks: { ...INITIAL.social.socialLinks, quora: 'quora' } } }],
    ['notification.followMe', { notification: { ...INITIAL.notification, followMe: 'yes' } }],
  ])('rejects a bad %s with 400 naming it, and changes nothing', async (field, body) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message.startsWith(`${field}:`)).toBe(true);
    expect(await getAccountSettings()).toEqual(INITIAL);
  });

  it('rejects an empty update and an unknown section', async () => {
    expect((await post({})).status).toBe(400);
    expect((await post({ password: 'x' })).status).toBe(400);
    await expect(updateAccountSettings({})).rejects.toBeInstanceOf(DemoRequestError);
  });
});
