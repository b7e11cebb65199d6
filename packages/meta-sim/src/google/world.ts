/**
 * The Google Business Profile side of the simulator
 * (docs/requirements/platform-apis.md#google-business-profile): one Google user per demo client,
 * who owns one business account (`accounts/{n}`) holding one location per outlet (`locations/{n}`),
 * and the outlet's Google reviews: the dataset reviews that `reviewSource` gives to Google (the
 * rest are the Facebook Page's ratings).
 *
 * State that survives a restart (replies, OAuth grants) is in the simulator's state file under
 * `google`; the world itself is rebuilt from the seed on every start, like the Graph side.
 */
import { randomBytes } from 'node:crypto';
import {
  buildDemoTenancy,
  googleAccountIdFor,
  googleLocationIdFor,
  googleReviewIdFor,
  loadSeedDir,
  reviewSource,
  type SeedData,
} from '@dinedesk/demo-data';
import type { StateStore } from '../state.ts';

/** The OAuth scope the Business Profile APIs need
 * (docs/requirements/platform-apis.md#google-business-profile). */
export const BUSINESS_MANAGE_SCOPE = 'https://www.googleapis.com/auth/business.manage';
/** Google access tokens live an hour (`expires_in: 3599`). */
export const GOOGLE_ACCESS_TOKEN_SECONDS = 3599;
/** Requests per minute per API for the project (docs/requirements/platform-apis.md#quotas). */
export const GOOGLE_REQUESTS_PER_MINUTE = 300;
/** Review reply edits per minute per location (docs/requirements/platform-apis.md#quotas). */
export const GOOGLE_EDITS_PER_MINUTE = 10;
/** Largest reply Google accepts, bytes of UTF-8
 * (docs/requirements/platform-apis.md#google-business-profile). */
export const GOOGLE_REPLY_MAX_BYTES = 4096;

export const STAR_RATINGS = ['STAR_RATING_UNSPECIFIED', 'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'] as const;
export type StarRating = (typeof STAR_RATINGS)[number];

export interface GoogleUser {
  /** Google account id (21 digits). */
  id: string;
  email: string;
  name: string;
  /** `accounts/{n}` this user owns. */
  accountName: string;
}

export interface GoogleReview {
  /** Dataset review id. */
  key: string;
  reviewId: string;
  reviewer: { displayName: string; isAnonymous: boolean };
  starRating: StarRating;
  /** Absent on rating-only reviews. */
  comment?: string;
  createTime: Date;
  /** The review's own last change (the reply has its own time). */
  updateTime: Date;
  /** The real time of a seeded review (provenance); `createTime`/`updateTime` are it moved by the demo clock. */
  originalTime?: Date;
}

export interface GoogleLocation {
  /** `locations/{n}` (v1 name). */
  name: string;
  /** `accounts/{a}` that holds it (v4 names are `accounts/{a}/locations/{n}`). */
  accountName: string;
  title: string;
  /** The outlet key (the dataset's restaurant id). */
  storeCode: string;
  restaurantId: string;
  websiteUri: string;
  primaryCategory: { name: string; displayName: string };
  /** Newest update first, ties by review id. */
  reviews: GoogleReview[];
}

export interface GoogleAccount {
  name: string;
  accountName: string;
  ownerId: string;
  locations: GoogleLocation[];
}

/** A reply as stored: `{comment, updateTime}` of v4 ReviewReply. */
export interface GoogleReplyRecord {
  comment: string;
  updateTime: string;
}

/** Persisted Google state (optional in the state file, so older files load). */
export interface GoogleState {
  /** By review name `accounts/a/locations/l/reviews/r`. */
  replies: Record<string, GoogleReplyRecord>;
  /** Refresh tokens by token: the user and the scopes granted. */
  refreshTokens: Record<string, { userId: string; scopes: string[] }>;
  /** Access tokens by token. */
  accessTokens: Record<string, { userId: string; scopes: string[]; expiresAt: number }>;
  /** Names of the demo clock's replies the owner deleted (`demoReplies`); optional, so older files load. */
  deletedDemoReplies?: string[];
}

/** The dataset's ratings (half stars) as v4 `starRating`; none → STAR_RATING_UNSPECIFIED. */
export function starRatingOf(raw: number | null): StarRating {
  if (raw === null) return 'STAR_RATING_UNSPECIFIED';
  return STAR_RATINGS[Math.min(5, Math.max(1, Math.round(raw)))]!;
}

/** `orderBy` of the v4 reviews list
 * (docs/requirements/platform-apis.md#google-business-profile). */
export const REVIEW_ORDERS = ['updateTime desc', 'rating', 'rating desc'] as const;
export type ReviewOrder = (typeof REVIEW_ORDERS)[number];

/**
 * The Google world and its mutable state. Reads are O(page); the state is written back after
 * every change.
 */
export class GoogleWorld {
  readonly users = new Map<string, GoogleUser>();
  readonly accounts = new Map<string, GoogleAccount>();
  /** Location by v1 name `locations/{n}`. */
  readonly locations = new Map<string, GoogleLocation>();
  /** Project id of the simulated Google Cloud project (appears in quota messages). */
  readonly projectNumber = '581406273964';
  readonly clientId = '581406273964-dinedesk.apps.googleusercontent.com';
  readonly clientSecret: string;
  /** `true`: the project's Business Profile quota is 0 (access not approved): 429 on every call. */
  quotaZero = false;

  constructor(
    data: SeedData,
    private readonly store: StateStore,
    readonly now: () => Date,
    clientSecret: string,
  ) {
    this.clientSecret = clientSecret;
    const byRestaurant = new Map<string, SeedData['reviews']>();
    for (const r of data.reviews) {
      if (reviewSource(r.reviewId) !== 'google') continue;
      const list = byRestaurant.get(r.restaurantId) ?? [];
      list.push(r);
      byRestaurant.set(r.restaurantId, list);
    }
    for (const client of buildDemoTenancy(data)) {
      const accountName = `accounts/${googleAccountIdFor(client.key)}`;
      const user: GoogleUser = { id: googleAccountIdFor(`user:${client.key}`), email: `admin@${client.key}.example.com`, name: `${client.name} Google Admin`, accountName };
      this.users.set(user.id, user);
      const account: GoogleAccount = { name: accountName, accountName: client.name, ownerId: user.id, locations: [] };
      for (const brand of client.brands) {
        for (const outlet of brand.outlets) {
          const restaurant = data.restaurants.find((r) => r.restaurantId === outlet.restaurantId);
          const reviews: GoogleReview[] = (byRestaurant.get(outlet.restaurantId) ?? []).map((r) => ({
            key: r.reviewId,
            reviewId: googleReviewIdFor(r.reviewId),
            reviewer: { displayName: r.reviewerName, isAnonymous: false },
            starRating: starRatingOf(r.rating),
            ...(r.text.trim() ? { comment: r.text } : {}),
            createTime: r.reviewedAt,
            updateTime: r.reviewedAt,
            originalTime: r.reviewedAt,
          }));
          reviews.sort((a, b) => b.updateTime.getTime() - a.updateTime.getTime() || a.reviewId.localeCompare(b.reviewId));
          const location: GoogleLocation = {
            name: `locations/${googleLocationIdFor(outlet.restaurantId)}`,
            accountName,
            title: brand.name,
            storeCode: outlet.key,
            restaurantId: outlet.restaurantId,
            websiteUri: restaurant?.zomatoUrl ?? '',
            primaryCategory: { name: 'categories/gcid:restaurant', displayName: 'Restaurant' },
            reviews,
          };
          account.locations.push(location);
          this.locations.set(location.name, location);
        }
      }
      this.accounts.set(accountName, account);
    }
  }

  /** Loads the seed directory and builds the world. @throws Error from `loadSeedDir` */
  static fromSeedDir(seedDir: string, store: StateStore, now: () => Date, clientSecret: string): GoogleWorld {
    return new GoogleWorld(loadSeedDir(seedDir), store, now, clientSecret);
  }

  private get state(): GoogleState {
    return (this.store.state.google ??= { replies: {}, refreshTokens: {}, accessTokens: {} });
  }

  /** The location named by v4 `accounts/{a}/locations/{l}`, if it is in that account. */
  location(accountId: string, locationId: string): GoogleLocation | undefined {
    const loc = this.locations.get(`locations/${locationId}`);
    return loc && loc.accountName === `accounts/${accountId}` ? loc : undefined;
  }

  /**
   * The replies the business wrote before the demo started (demo-clock.ts; SYNTHETIC), by review
   * name; empty without a demo clock. A reply written or deleted through the API wins.
   */
  readonly demoReplies = new Map<string, GoogleReplyRecord>();

  reply(reviewName: string): GoogleReplyRecord | undefined {
    const own = this.state.replies[reviewName];
    if (own) return own;
    return this.state.deletedDemoReplies?.includes(reviewName) ? undefined : this.demoReplies.get(reviewName);
  }

  /** Creates or replaces a reply (v4 `updateReply`). @returns the stored reply */
  putReply(reviewName: string, comment: string): GoogleReplyRecord {
    const rec = { comment, updateTime: this.now().toISOString().replace(/\.\d{3}Z$/, '.000Z') };
    this.state.replies[reviewName] = rec;
    this.store.save();
    return rec;
  }

  /** @returns false when there was no reply */
  deleteReply(reviewName: string): boolean {
    if (!this.reply(reviewName)) return false;
    delete this.state.replies[reviewName];
    // A demo reply stays deleted, across restarts too.
    if (this.demoReplies.has(reviewName) && !this.state.deletedDemoReplies?.includes(reviewName)) (this.state.deletedDemoReplies ??= []).push(reviewName);
    this.store.save();
    return true;
  }

  /**
   * Adds a review to a location now (a guest writes one; for live and sync tests).
   * @throws Error for an unknown location
   */
  addReview(locationName: string, input: { reviewer: string; starRating: Exclude<StarRating, 'STAR_RATING_UNSPECIFIED'>; comment?: string }): GoogleReview {
    const loc = this.locations.get(locationName);
    if (!loc) throw new Error(`unknown location ${locationName}`);
    const at = this.now();
    const review: GoogleReview = {
      key: `sim-${randomBytes(6).toString('hex')}`,
      reviewId: `AbFvOqSim${randomBytes(24).toString('base64url')}`,
      reviewer: { displayName: input.reviewer, isAnonymous: false },
      starRating: input.starRating,
      ...(input.comment ? { comment: input.comment } : {}),
      createTime: at,
      updateTime: at,
    };
    loc.reviews.unshift(review);
    return review;
  }

  /** Issues an access token (and, on a code exchange, a refresh token) for `userId`. */
  issueTokens(userId: string, scopes: string[], withRefresh: boolean): { accessToken: string; refreshToken?: string; expiresIn: number } {
    const accessToken = `ya29.sim-${randomBytes(32).toString('base64url')}`;
    this.state.accessTokens[accessToken] = { userId, scopes, expiresAt: this.now().getTime() + GOOGLE_ACCESS_TOKEN_SECONDS * 1000 };
    let refreshToken: string | undefined;
    if (withRefresh) {
      refreshToken = `1//sim-${randomBytes(32).toString('base64url')}`;
      this.state.refreshTokens[refreshToken] = { userId, scopes };
    }
    // Expired access tokens are forgotten so the state file does not grow without bound.
    const nowMs = this.now().getTime();
    for (const [t, rec] of Object.entries(this.state.accessTokens)) if (rec.expiresAt < nowMs - 86_400_000) delete this.state.accessTokens[t];
    this.store.save();
    return { accessToken, ...(refreshToken ? { refreshToken } : {}), expiresIn: GOOGLE_ACCESS_TOKEN_SECONDS };
  }

  refreshGrant(refreshToken: string): { userId: string; scopes: string[] } | undefined {
    return this.state.refreshTokens[refreshToken];
  }

  /** The user and scopes of a live access token; undefined when unknown or expired. */
  accessGrant(token: string): { user: GoogleUser; scopes: string[] } | undefined {
    const rec = this.state.accessTokens[token];
    if (!rec || rec.expiresAt <= this.now().getTime()) return undefined;
    const user = this.users.get(rec.userId);
    return user ? { user, scopes: rec.scopes } : undefined;
  }

  /** Revokes every token of a user (Google account security event, or the user removed access). */
  revokeUser(userId: string): number {
    let n = 0;
    for (const [t, rec] of Object.entries(this.state.accessTokens)) {
      if (rec.userId !== userId) continue;
      delete this.state.accessTokens[t];
      n++;
    }
    for (const [t, rec] of Object.entries(this.state.refreshTokens)) {
      if (rec.userId !== userId) continue;
      delete this.state.refreshTokens[t];
      n++;
    }
    this.store.save();
    return n;
  }
}

/** A rolling one-minute counter per key (quota buckets). */
export class MinuteQuota {
  private readonly hits = new Map<string, number[]>();
  constructor(private readonly now: () => Date) {}

  /** Counts one use of `key`. @returns false (and counts nothing) when `limit` were used in the last minute */
  take(key: string, limit: number): boolean {
    const t = this.now().getTime();
    const recent = (this.hits.get(key) ?? []).filter((at) => at > t - 60_000);
    if (recent.length >= limit) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(t);
    this.hits.set(key, recent);
    return true;
  }

  reset(): void {
    this.hits.clear();
  }
}
