/**
 * Test data built from the contracts: every fixture is parsed with its zod schema, so a test
 * cannot drift from what the server may send.
 */
import {
  MODULES,
  MODULE_SUBJECTS,
  ZFbComment,
  ZFbPage,
  ZReview,
  ZUserData,
  type TAbilityRule,
  type TFbComment,
  type TFbPage,
  type TReview,
  type TUserData,
} from '@dinedesk/contracts';
import { loadSessionFromStorage } from '../lib/session-store.ts';
import { writeSession } from '../lib/storage.ts';

/**
 * A client owner's ability as the server sends it (apps/server/src/lib/ability.ts; owners have no
 * `manage all` since docs/decisions/0003): every module subject, users, access, the audit log and
 * the Overview.
 */
export const OWNER_RULES: TAbilityRule[] = [
  ...(['Auth', 'ACL', 'Client', 'Brand'] as const).map((subject) => ({ action: 'read', subject })),
  ...MODULES.flatMap((m) => MODULE_SUBJECTS[m].map((subject) => ({ action: 'manage', subject }))),
  { action: 'manage', subject: 'User' },
  { action: 'manage', subject: 'Access' },
  { action: 'read', subject: 'AuditLog' },
  { action: 'read', subject: 'Overview' },
];
export const READ_ONLY_RULES: TAbilityRule[] = [{ action: 'read', subject: 'Review' }];
export const REPLY_RULES: TAbilityRule[] = [
  { action: 'read', subject: 'Review' },
  { action: 'create', subject: 'ReviewReply' },
];

export function userDataFixture(overrides: Partial<TUserData> = {}): TUserData {
  return ZUserData.parse({
    id: 'u-1',
    email: 'asha@spiceroute.example',
    fullName: 'Asha Rao',
    role: 'client_owner',
    ability: OWNER_RULES,
    client: { id: 'c-1', name: 'Spice Route Hospitality' },
    ...overrides,
  });
}

/** Stores a session as a real sign-in would, and loads it into the store. */
export function signInAs(overrides: Partial<TUserData> = {}, token = 'test-token'): TUserData {
  const userData = userDataFixture(overrides);
  writeSession(token, userData);
  loadSessionFromStorage();
  return userData;
}

export function pageFixture(overrides: Partial<TFbPage> = {}): TFbPage {
  return ZFbPage.parse({
    id: '1001',
    name: 'Paradise Biryani Gachibowli',
    outletId: 'o-1',
    outletName: 'Paradise, Gachibowli',
    brandId: 'b-1',
    brandName: 'Paradise',
    overallStarRating: 4.2,
    ratingCount: 100,
    reviewCount: 40,
    unrepliedCount: 12,
    connected: true,
    sync: { status: 'ok', lastSyncedAt: '2025-01-10T10:00:00.000Z', message: null },
    reviewsEnded: null,
    ...overrides,
  });
}

/**
 * A review of the one feed (`TReview`), by default a Facebook review of `pageFixture()`'s page
 * (same outlet and brand). Unless given, `needsReply` follows the server's rule from the other
 * fields (no reply yet, can be replied to, and text or 3 stars or fewer), and a review without
 * text has no sentiment.
 */
export function reviewFixture(overrides: Partial<TReview> = {}): TReview {
  const base = {
    id: '500001',
    source: 'facebook',
    pageId: '1001',
    locationId: null,
    outletId: 'o-1',
    outletName: 'Paradise, Gachibowli',
    brandId: 'b-1',
    brandName: 'Paradise',
    storyId: '1001_9001',
    reviewer: { id: 'r-1', name: 'Ravi Kumar' },
    rating: 5,
    recommendationType: 'positive',
    text: 'The biryani was excellent.',
    createdTime: '2025-01-09T12:30:00.000Z',
    updateTime: null,
    commentCount: 0,
    replied: false,
    lastReplyAt: null,
    canReply: true,
    reply: null,
    link: null,
    ...overrides,
  } satisfies Partial<TReview>;
  const needsReply = !base.replied && base.canReply && (base.text !== '' || (base.rating !== null && base.rating <= 3));
  return ZReview.parse({
    needsReply,
    sentiment: base.text === '' ? null : 'positive',
    ...base,
  });
}

/**
 * A Google review (`source: 'google'`) of the same outlet: no Facebook page or story, a Google
 * location, stars and no recommendation, a Google Maps link. `replied` and `lastReplyAt` follow
 * `reply` unless given.
 */
export function googleReviewFixture(overrides: Partial<TReview> = {}): TReview {
  const reply = overrides.reply ?? null;
  return reviewFixture({
    id: '700001',
    source: 'google',
    pageId: null,
    locationId: 'locations/9001',
    storyId: null,
    reviewer: { id: 'accounts/7001/locations/9001/reviews/g-1', name: 'Priya Sharma' },
    rating: 4,
    recommendationType: null,
    text: 'Lovely haleem and quick service.',
    createdTime: '2025-01-07T09:15:00.000Z',
    replied: reply !== null,
    lastReplyAt: reply?.updateTime ?? null,
    link: 'https://maps.google.com/?cid=9001',
    ...overrides,
  });
}

export function commentFixture(overrides: Partial<TFbComment> = {}): TFbComment {
  return ZFbComment.parse({
    id: '9001_1',
    message: 'Thanks for the kind words!',
    from: { id: '1001', name: 'Paradise Biryani Gachibowli' },
    createdTime: '2025-01-09T13:00:00.000Z',
    isPageReply: true,
    authorName: null,
    ...overrides,
  });
}
