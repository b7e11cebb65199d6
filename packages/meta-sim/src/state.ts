/**
 * Mutable simulator state (issued tokens, comments, the comment id counter, permission
 * grants, and the messaging state of `inbox.ts`) and its persistence. The seed (pages,
 * ratings, seeded conversations) is never stored: it is rebuilt from the CSVs.
 *
 * File format: one JSON document, `PersistedState`, written atomically (temp file + rename)
 * after every mutation so a crash never leaves a half-written file.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { GoogleState } from './google/world.ts';
import type { AddedRatingRecord } from './feed.ts';
import type { PersistedMessaging } from './inbox.ts';
import type { DemoClock } from '@dinedesk/demo-data';

/** An issued access token. Times are Unix epoch seconds, as `debug_token` reports them. */
export interface TokenRecord {
  token: string;
  issuedAt: number;
  /** 0 = never (page tokens derived from a long-lived user token,
   * docs/requirements/platform-apis.md#facebook-login-and-tokens). */
  expiresAt: number;
  dataAccessExpiresAt: number;
  scopes: string[];
}

/**
 * A token issued through Facebook Login (`oauth.ts`): the code exchange, `fb_exchange_token`,
 * or a page token handed out by `/me/accounts` to such a user token. Several can be alive for
 * one user at once, next to the test user's own token (`userTokens`), as Graph keeps one per
 * session.
 */
export interface SessionTokenRecord extends TokenRecord {
  userId: string;
  /** The Page of a page token; null for a user token. */
  pageId: string | null;
  /** User tokens: from `fb_exchange_token` (~60 d) rather than the code exchange (~2 h). */
  longLived: boolean;
  /** Page tokens: the user token `/me/accounts` was called with. */
  parent?: string;
}

/** A comment on a review story, or a reply to such a comment. */
export interface CommentRecord {
  /** `{storyNumericPart}_{commentNumericId}` (Graph comment id shape,
   * docs/requirements/platform-apis.md#page-ratings-reviews-and-comments). */
  id: string;
  storyId: string;
  /** Top-level comment this one replies to; null for a comment on the story itself. */
  parentId: string | null;
  from: { id: string; name: string };
  message: string;
  /** ISO 8601 UTC. */
  createdAt: string;
}

/**
 * What a test user has granted or been given, when it differs from "everything" (set through
 * the control API to exercise Graph's permission errors, behaviour 2).
 */
export interface GrantRecord {
  /** Login scopes the user declined; removed from the user token and its page tokens. */
  declinedScopes: string[];
  /** Page tasks the user holds on each of their Pages; null = all of them. */
  tasks: string[] | null;
}

/**
 * A token that died before its time (control API `POST /__sim/revoke-token`): it keeps
 * answering 190 with `subcode` after its owner got a new one, as Graph does.
 */
export interface RevokedTokenRecord {
  userId: string;
  /** The Page of a page token; null for a user token. */
  pageId: string | null;
  /** 190 subcode it answers (458, 459, 460, 463, 464, 467). */
  subcode: number;
  /** When it died, Unix epoch seconds. */
  at: number;
}

/**
 * Everything persisted. `version` guards future format changes; `grants` and `messaging` were
 * added later as optional keys, so version-1 files written before them still load.
 */
export interface PersistedState {
  version: 1;
  /** By user id. */
  userTokens: Record<string, TokenRecord>;
  /** By `${userId}:${pageId}`. */
  pageTokens: Record<string, TokenRecord>;
  comments: CommentRecord[];
  /** Next numeric part of a new comment id. */
  nextCommentSeq: number;
  /** By user id; absent = every scope and task. */
  grants?: Record<string, GrantRecord>;
  /** Messenger/Instagram state on top of the seeded conversations (`inbox.ts`). */
  messaging?: PersistedMessaging;
  /** Ratings added through the control API (`feed.ts`), on top of the seeded ones. */
  ratings?: AddedRatingRecord[];
  /** Next numeric part of an added rating's key and story id. */
  nextRatingSeq?: number;
  /** Dead tokens by token (`tokens.ts` `revoke`); optional, so older files still load. */
  revokedTokens?: Record<string, RevokedTokenRecord>;
  /** Facebook Login tokens by token (`oauth.ts`, `tokens.ts`); optional, so older files still load. */
  sessionTokens?: Record<string, SessionTokenRecord>;
  /** Google Business Profile replies and OAuth grants (`google/world.ts`); optional, as above. */
  google?: GoogleState;
  /** The demo's clock (`demo-clock.ts`): set once by the server's seed, kept across restarts. */
  demoClock?: DemoClock;
}

function emptyState(): PersistedState {
  return { version: 1, userTokens: {}, pageTokens: {}, comments: [], nextCommentSeq: 1 };
}

/**
 * Holds the state, its comment indexes, and writes it back after each mutation.
 * `file` null keeps everything in memory (tests, throwaway runs).
 */
export class StateStore {
  readonly state: PersistedState;
  private readonly byStory = new Map<string, CommentRecord[]>();
  private readonly byId = new Map<string, CommentRecord>();

  private constructor(
    private readonly file: string | null,
    state: PersistedState,
  ) {
    this.state = state;
    for (const c of state.comments) this.index(c);
  }

  /**
   * Opens the store: reads `file` if it exists, else starts empty.
   * @throws Error when the file exists but is not a state document; refusing to start beats
   *   silently dropping the tokens the server has stored.
   */
  static open(file: string | null): StateStore {
    if (!file) return new StateStore(null, emptyState());
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return new StateStore(file, emptyState());
      throw e;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      throw new Error(`meta-sim state file ${file} is not valid JSON`, { cause: e });
    }
    const s = parsed as Partial<PersistedState> | null;
    if (!s || s.version !== 1 || typeof s.userTokens !== 'object' || typeof s.pageTokens !== 'object' || !Array.isArray(s.comments)) {
      throw new Error(`meta-sim state file ${file} has an unknown format (expected version 1)`);
    }
    return new StateStore(file, { ...emptyState(), ...s } as PersistedState);
  }

  /** Writes the state to the file atomically (no-op in memory mode). */
  save(): void {
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.state, null, 2));
    renameSync(tmp, this.file);
  }

  private index(c: CommentRecord): void {
    const list = this.byStory.get(c.storyId) ?? [];
    list.push(c);
    this.byStory.set(c.storyId, list);
    this.byId.set(c.id, c);
  }

  /**
   * Creates and persists a comment with the next id.
   * @param storyId the review story (`{pageId}_{n}`); its numeric part prefixes the id
   * @param createdAt creation time (the simulator clock)
   */
  addComment(storyId: string, parentId: string | null, from: { id: string; name: string }, message: string, createdAt: Date): CommentRecord {
    const seq = this.state.nextCommentSeq++;
    // Graph comment ids are `{objectNumericId}_{commentNumericId}`; 16-digit numbers look real.
    const id = `${storyId.split('_').pop()}_${(10n ** 15n + BigInt(seq)).toString()}`;
    const record: CommentRecord = { id, storyId, parentId, from, message, createdAt: createdAt.toISOString() };
    this.state.comments.push(record);
    this.index(record);
    this.save();
    return record;
  }

  /** Replaces a comment's message (Graph `POST /{comment-id}`), persisted. @returns false when it does not exist */
  editComment(id: string, message: string): boolean {
    const c = this.byId.get(id);
    if (!c) return false;
    c.message = message;
    this.save();
    return true;
  }

  /** Deletes a comment and its replies (Graph `DELETE /{comment-id}`), persisted. @returns false when it does not exist */
  deleteComment(id: string): boolean {
    const c = this.byId.get(id);
    if (!c) return false;
    const gone = new Set([id, ...this.state.comments.filter((r) => r.parentId === id).map((r) => r.id)]);
    this.state.comments = this.state.comments.filter((r) => !gone.has(r.id));
    for (const g of gone) this.byId.delete(g);
    this.byStory.set(c.storyId, (this.byStory.get(c.storyId) ?? []).filter((r) => !gone.has(r.id)));
    this.save();
    return true;
  }

  /** Comments and replies of a story, in creation order. */
  commentsOfStory(storyId: string): readonly CommentRecord[] {
    return this.byStory.get(storyId) ?? [];
  }

  /** A comment by id. */
  comment(id: string): CommentRecord | undefined {
    return this.byId.get(id);
  }
}
