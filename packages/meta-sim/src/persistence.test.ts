import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fbStoryIdFor, reviewSource } from '@dinedesk/demo-data';
import { describe, expect, it } from 'vitest';
import { createMetaSim } from './index.ts';
import { APP_TOKEN, seedData, startSim } from './testing.ts';

const CUTOFF = Date.UTC(2018, 7, 1);

function aStory(): { id: string; pageId: string } {
  const { data, clients } = seedData();
  const outlet = clients[0]!.brands[1]!.outlets[0]!;
  const review = data.reviews.find((r) => r.restaurantId === outlet.restaurantId && reviewSource(r.reviewId) === 'facebook' && r.reviewedAt.getTime() >= CUTOFF)!;
  return { id: fbStoryIdFor(outlet.facebookPageId, review.reviewId), pageId: outlet.facebookPageId };
}

describe('state file', () => {
  it('keeps tokens and comments across close() and a new simulator', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'meta-sim-state-'));
    const stateFile = join(dir, 'nested', 'state.json');
    const story = aStory();

    const a = await startSim({ stateFile });
    expect(existsSync(stateFile)).toBe(true);
    const users = a.sim.testUsers();
    const pageTokens = await a.pageTokens(0);
    const token = pageTokens.get(story.pageId)!;
    const posted = await a.post(`/v21.0/${story.id}/comments`, { message: 'Persist me' }, token);
    const guest = a.sim.addGuestComment(story.id, 'Ann', 'Me too');
    await a.sim.close();

    const b = await startSim({ stateFile });
    expect(b.sim.testUsers()).toEqual(users);
    expect(await b.pageTokens(0)).toEqual(pageTokens);
    const list = await b.get(`/v21.0/${story.id}/comments?fields=id,message`, token);
    expect(list.body.data).toEqual([
      { id: posted.body.id, message: 'Persist me' },
      { id: guest.id, message: 'Me too' },
    ]);
    // The id counter survives too: no id is handed out twice.
    const third = await b.post(`/v21.0/${story.id}/comments`, { message: 'After restart' }, token);
    expect([posted.body.id, guest.id]).not.toContain(third.body.id);
    await b.sim.close();

    const onDisk = JSON.parse(readFileSync(stateFile, 'utf8'));
    expect(onDisk.version).toBe(1);
    expect(onDisk.comments).toHaveLength(3);
    expect(readdirSync(join(dir, 'nested'))).toEqual(['state.json']);
  });

  it('keeps nothing without a state file', async () => {
    const a = await startSim();
    const b = await startSim();
    expect(a.sim.testUsers().map((u) => u.accessToken)).not.toEqual(b.sim.testUsers().map((u) => u.accessToken));
  });

  it('refuses to start on a corrupt state file rather than dropping it', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'meta-sim-bad-')), 'state.json');
    writeFileSync(file, '{"version": 1, "userTokens": ');
    await expect(createMetaSim({ stateFile: file })).rejects.toThrow(/not valid JSON/);
    writeFileSync(file, '{"hello": "world"}');
    await expect(createMetaSim({ stateFile: file })).rejects.toThrow(/unknown format/);
    expect(readFileSync(file, 'utf8')).toBe('{"hello": "world"}');
  });

  it('expires user tokens after 60 days (190/463), reissues them, and keeps page tokens valid', async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), 'meta-sim-exp-')), 'state.json');
    let now = new Date('2024-01-01T00:00:00Z');
    const a = await startSim({ stateFile, now: () => now });
    const oldToken = a.userToken(0);
    const pageTokens = await a.pageTokens(0);
    now = new Date('2024-03-02T00:00:01Z'); // 61 days later
    const expired = await a.get('/v21.0/me', oldToken);
    expect(expired.body.error).toMatchObject({ code: 190, error_subcode: 463, type: 'OAuthException' });
    expect(expired.body.error?.message).toMatch(/^Error validating access token: Session has expired on/);

    const [pageId, pageToken] = [...pageTokens.entries()][0]!;
    expect((await a.get('/v21.0/me', pageToken)).body).toMatchObject({ id: pageId });

    const fresh = a.userToken(0);
    expect(fresh).not.toBe(oldToken);
    expect((await a.get('/v21.0/me', fresh)).status).toBe(200);
    expect((await a.get('/v21.0/me', oldToken)).body.error).toMatchObject({ code: 190, error_subcode: 463 });
    const dbg = await a.get(`/v21.0/debug_token?input_token=${oldToken}`, APP_TOKEN);
    expect(dbg.body.data).toMatchObject({ is_valid: false, error: { code: 190, subcode: 463 } });
    await a.sim.close();

    const b = await startSim({ stateFile, now: () => now });
    expect(b.userToken(0)).toBe(fresh);
    await b.sim.close();
  });
});
