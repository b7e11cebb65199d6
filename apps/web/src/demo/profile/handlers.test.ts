/**
 * The profile demo's mock rule (docs/requirements/data.md#profile-data and calls.md) through
 * `msw/node`: `GET /profile/data` answers every part of the profile, the same on every load
 * (seeded), with the post counts, liked users and comments the page shows.
 */
import { describe, expect, it } from 'vitest';
import { setupDemoServer } from '../mock/node.ts';
import { memoryState } from '../mock/session-state.ts';
import { getProfile } from './api/get-profile.ts';
import { createProfileDb } from './data.ts';
import { createProfileHandlers } from './handlers.ts';
import { ZProfileData } from './schema.ts';

setupDemoServer(() => createProfileHandlers(memoryState(createProfileDb)));

describe('GET /profile/data', () => {
  it('answers header, about, suggested pages, twitter feeds, posts, latest photos, suggestions and polls', async () => {
    const profile = await getProfile();
    expect(() => ZProfileData.parse(profile)).not.toThrow();
    expect(Object.keys(profile).sort()).toEqual(['header', 'latestPhotos', 'polls', 'post', 'suggestedPages', 'suggestions', 'twitterFeeds', 'userAbout']);
    expect(profile.header).toMatchObject({ username: 'Kitty Allanson', designation: 'UI/UX Designer' });
    expect(profile.suggestedPages).toHaveLength(6);
    expect(profile.twitterFeeds).toHaveLength(3);
    expect(profile.latestPhotos).toHaveLength(9);
    expect(profile.suggestions).toHaveLength(6);
    expect(profile.polls.map((poll) => poll.name)).toEqual(['RDJ', 'Chris Hemsworth']);
    expect(profile.post).toHaveLength(3);
    for (const post of profile.post) {
      expect(post.likes).toBeGreaterThan(0);
      expect(post.comments).toBeGreaterThan(0);
      expect(post.share).toBeGreaterThan(0);
      expect(post.likedUsers.length).toBeGreaterThan(0);
      expect(post.detailedComments.length).toBeGreaterThan(0);
    }
  });

  it('is the same on every load (seeded data)', async () => {
    expect(await getProfile()).toEqual(createProfileDb().profile);
    expect(createProfileDb()).toEqual(createProfileDb());
  });
});
