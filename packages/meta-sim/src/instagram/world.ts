/**
 * Instagram media and their insights
 * (docs/requirements/platform-apis.md#instagram-media-and-insights; docs/decisions/0035): the media
 * of every demo Instagram professional account (one per Page, `SimPage.instagramUserId`), with
 * lifetime metrics drawn deterministically per media id.
 *
 * - **Media per account**: {@link FEED_MEDIA_PER_ACCOUNT} feed posts and reels, newest first,
 *   spread over about 26 months (the oldest two past the 2-year retention), plus
 *   {@link STORIES_PER_ACCOUNT} stories of the last 24 hours. Types cycle through REELS, IMAGE,
 *   CAROUSEL_ALBUM and VIDEO (feed).
 * - **Captions** name dishes that the restaurant's real reviews mention (a dish lexicon matched
 *   against every review of the restaurant in the seed, both sources), quoting a short piece of
 *   one such review; restaurants whose reviews name no dish get their cuisines instead.
 * - **Metrics** come from a PRNG seeded with the media id (same numbers on every start and
 *   machine). One feed post and one story per account have a tiny audience (reach below
 *   {@link MIN_AUDIENCE}): their insights answer code 10 "Not enough viewers".
 * - **Times** are offsets from the clock at start (`anchor`), so the newest post is always inside
 *   the data lag ({@link INSIGHTS_LAG_HOURS}) and the stories stay readable for their 24 hours.
 *
 * Read-only, rebuilt from the seed on every start (the reviews `buildSeed` already read).
 */
import { createHash } from 'node:crypto';
import type { SeedReview } from '@dinedesk/demo-data';
import type { Seed, SimPage } from '../seed.ts';

export type MediaType = 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM';
export type MediaProductType = 'FEED' | 'REELS' | 'STORY';

/**
 * Metrics Graph answers per media product type
 * (docs/requirements/platform-apis.md#current-metrics-by-type). Configurable (`createMetaSim({
 * instagramMetrics })`): third-party reports conflict on `shares`/`likes`/`comments` for IMAGE and
 * CAROUSEL_ALBUM.
 */
export type MetricMatrix = Record<MediaProductType, readonly string[]>;

export const DEFAULT_METRIC_MATRIX: MetricMatrix = {
  FEED: ['views', 'reach', 'likes', 'comments', 'shares', 'saved', 'total_interactions', 'follows', 'profile_visits', 'profile_activity'],
  REELS: ['views', 'reach', 'likes', 'comments', 'shares', 'saved', 'total_interactions', 'ig_reels_avg_watch_time', 'ig_reels_video_view_total_time', 'reels_skip_rate', 'reposts'],
  STORY: ['views', 'reach', 'replies', 'shares', 'navigation', 'follows', 'profile_visits', 'profile_activity', 'total_interactions'],
};

/**
 * Metrics Meta removed (docs/requirements/platform-apis.md#deprecated): `impressions`, `plays`,
 * `clips_replays_count`, `ig_reels_aggregated_all_plays_count` (v22.0+, all versions from
 * 2025-04-21), `video_views`; older: `engagement`, `taps_forward`, `taps_back`, `exits`.
 * Asking for one answers code 100, on every version.
 */
export const DEPRECATED_METRICS: Readonly<Record<string, string>> = {
  impressions: 'views',
  plays: 'views',
  clips_replays_count: 'views',
  ig_reels_aggregated_all_plays_count: 'views',
  video_views: 'views',
  engagement: 'total_interactions',
  taps_forward: 'navigation',
  taps_back: 'navigation',
  exits: 'navigation',
};

/** Feed posts and reels per account. */
export const FEED_MEDIA_PER_ACCOUNT = 24;
/** Live stories per account (all younger than 24 h at start). */
export const STORIES_PER_ACCOUNT = 3;
/** Reach below this answers code 10 "Not enough viewers" (Meta documents no threshold; decision 0035). */
export const MIN_AUDIENCE = 5;
/** Insights of media younger than this are not there yet: `data: []`
 * (docs/requirements/platform-apis.md#data-rules). */
export const INSIGHTS_LAG_HOURS = 6;
/** Insights are kept 2 years; older media answer `data: []`. */
export const RETENTION_DAYS = 730;
/** Stories are readable for 24 h; afterwards the story is gone (100/33). */
export const STORY_LIFETIME_HOURS = 24;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A media object as the simulator holds it. */
export interface SimMedia {
  id: string;
  igUserId: string;
  pageId: string;
  username: string;
  mediaType: MediaType;
  productType: MediaProductType;
  caption: string;
  /** The dish the caption is about (lexicon name), or a cuisine. */
  dish: string;
  timestamp: Date;
  shortcode: string;
  /** Lifetime metric values by metric name (every metric of the type's matrix). */
  metrics: Record<string, number>;
}

/**
 * Dishes recognised in review text: lowercase names, longest first when matching, so "chicken
 * biryani" wins over "biryani". Names as Hyderabad reviewers write them (including the
 * common spellings "makhni", "alu").
 */
export const DISH_LEXICON: readonly string[] = [
  'chicken biryani', 'mutton biryani', 'veg biryani', 'egg biryani', 'prawn biryani', 'biryani', 'haleem', 'double ka meetha', 'qubani ka meetha',
  'butter chicken', 'chicken 65', 'chilli chicken', 'chicken tikka', 'paneer tikka', 'tandoori chicken', 'dal makhani', 'dal makhni', 'dal tadka',
  'garlic naan', 'butter naan', 'naan', 'butter roti', 'roti', 'alu paratha', 'aloo paratha', 'paratha', 'kulcha', 'masala dosa', 'dosa', 'idli', 'vada',
  'kebab', 'kebabs', 'shawarma', 'momos', 'dim sum', 'dimsum', 'noodles', 'fried rice', 'manchurian', 'spring rolls', 'pizza', 'pasta', 'lasagna',
  'burger', 'fries', 'sandwich', 'wrap', 'rolls', 'soup', 'salad', 'sushi', 'ramen', 'steak', 'prawns', 'fish', 'apollo fish', 'mutton', 'korma',
  'paneer butter masala', 'paneer', 'thali', 'raita', 'rayta', 'gulab jamun', 'rasmalai', 'kulfi', 'brownie', 'cheesecake', 'ice cream', 'waffle',
  'waffles', 'pancakes', 'tiramisu', 'cake', 'pastry', 'milkshake', 'shake', 'mocktail', 'mojito', 'lassi', 'coffee', 'tea', 'nachos', 'tacos',
  'falafel', 'hummus', 'buffet',
];

/** The lexicon compiled once, longest first, each with its last word as a cheap pre-check. */
const DISH_PATTERNS = [...DISH_LEXICON]
  .sort((a, b) => b.length - a.length)
  .map((dish) => ({ dish, word: dish.split(' ').pop()!, re: new RegExp(`\\b${dish.replace(/ /g, '\\s+')}\\b`) }));

/** Hashtag-safe form of a name: letters and digits only. */
function tagOf(name: string): string {
  return name.replace(/[^A-Za-z0-9]+/g, '').toLowerCase();
}

/** `Chicken biryani` from `chicken biryani`. */
function titled(dish: string): string {
  return dish.charAt(0).toUpperCase() + dish.slice(1);
}

/** A deterministic PRNG (mulberry32) seeded from `key` through SHA-1. */
export function seededRandom(key: string): () => number {
  let a = createHash('sha1').update(key).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 17-digit decimal id from `key`, starting `179` like real IG media ids. */
function mediaIdFor(key: string): string {
  const hex = createHash('sha1').update(`igmedia:${key}`).digest('hex').slice(0, 15);
  return `179${(BigInt(`0x${hex}`) % 10n ** 14n).toString().padStart(14, '0')}`;
}

/** An 11-character shortcode (the `/p/{shortcode}/` part of a permalink). */
function shortcodeFor(id: string): string {
  return createHash('sha1').update(`shortcode:${id}`).digest('base64url').slice(0, 11);
}

/** A dish a restaurant's reviews mention, with a short quote of one such review. */
export interface DishMention {
  dish: string;
  mentions: number;
  quote: string;
}

/**
 * The dishes `reviews` mention, most mentioned first (ties by name), each with the shortest
 * sentence of a review naming it (cut to 90 characters).
 */
export function dishesOf(reviews: readonly SeedReview[]): DishMention[] {
  const found = new Map<string, { mentions: number; quote: string }>();
  for (const r of reviews) {
    let text = r.text.toLowerCase();
    for (const { dish, word, re } of DISH_PATTERNS) {
      if (!text.includes(word)) continue;
      const m = re.exec(text);
      if (!m) continue;
      // Blank out the match so "biryani" is not counted again inside "chicken biryani".
      text = text.slice(0, m.index) + ' '.repeat(m[0].length) + text.slice(m.index + m[0].length);
      const sentence = (r.text.split(/(?<=[.!?])\s+/).find((s) => re.test(s.toLowerCase())) ?? r.text).trim().replace(/\s+/g, ' ');
      const quote = sentence.length > 90 ? `${sentence.slice(0, 87).trimEnd()}…` : sentence;
      const entry = found.get(dish) ?? { mentions: 0, quote };
      entry.mentions += 1;
      if (quote.length < entry.quote.length && quote.length >= 12) entry.quote = quote;
      found.set(dish, entry);
    }
  }
  return [...found.entries()].map(([dish, v]) => ({ dish, ...v })).sort((a, b) => b.mentions - a.mentions || a.dish.localeCompare(b.dish));
}

const FEED_TYPES: readonly { mediaType: MediaType; productType: MediaProductType }[] = [
  { mediaType: 'VIDEO', productType: 'REELS' },
  { mediaType: 'IMAGE', productType: 'FEED' },
  { mediaType: 'CAROUSEL_ALBUM', productType: 'FEED' },
  { mediaType: 'IMAGE', productType: 'FEED' },
  { mediaType: 'VIDEO', productType: 'FEED' },
];

/** Age in ms of feed media `i` (0 = newest): 3 h, 2 days, then about every 36 days. */
function feedAgeMs(i: number, random: () => number): number {
  if (i === 0) return 3 * HOUR_MS;
  if (i === 1) return 2 * DAY_MS;
  return Math.round((2 + (i - 1) * 36 + random() * 10) * DAY_MS);
}

/** Story ages: 30 min (inside the lag), 9 h and 20 h. */
const STORY_AGES_MS = [0.5 * HOUR_MS, 9 * HOUR_MS, 20 * HOUR_MS];

const between = (random: () => number, lo: number, hi: number) => lo + random() * (hi - lo);

/**
 * Lifetime metrics of one media: reach first, the rest proportional to it. `tiny` draws a reach
 * below {@link MIN_AUDIENCE}.
 */
export function drawMetrics(id: string, productType: MediaProductType, tiny: boolean): Record<string, number> {
  const random = seededRandom(`metrics:${id}`);
  const reach = tiny ? 1 + Math.floor(random() * (MIN_AUDIENCE - 1)) : Math.round(productType === 'REELS' ? between(random, 900, 9000) : productType === 'STORY' ? between(random, 80, 900) : between(random, 150, 2500));
  const views = Math.round(reach * between(random, 1.15, productType === 'REELS' ? 2.8 : 1.9));
  const likes = Math.round(reach * between(random, 0.03, 0.12));
  const comments = Math.round(likes * between(random, 0.02, 0.18));
  const shares = Math.round(reach * between(random, 0.002, 0.025));
  const saved = Math.round(reach * between(random, 0.003, 0.03));
  const follows = Math.round(reach * between(random, 0, 0.006));
  const profileVisits = Math.round(reach * between(random, 0.01, 0.05));
  if (productType === 'STORY') {
    const replies = Math.round(reach * between(random, 0, 0.02));
    return {
      views,
      reach,
      replies,
      shares,
      navigation: Math.round(views * between(random, 0.6, 1.1)),
      follows,
      profile_visits: profileVisits,
      profile_activity: profileVisits + follows,
      total_interactions: replies + shares,
    };
  }
  const base: Record<string, number> = { views, reach, likes, comments, shares, saved, total_interactions: likes + comments + shares + saved };
  if (productType === 'REELS') {
    const avgWatch = Math.round(between(random, 2500, 14000));
    return { ...base, ig_reels_avg_watch_time: avgWatch, ig_reels_video_view_total_time: avgWatch * views, reels_skip_rate: Math.round(between(random, 15, 60) * 10) / 10, reposts: Math.round(shares * between(random, 0, 0.5)) };
  }
  return { ...base, follows, profile_visits: profileVisits, profile_activity: profileVisits + follows };
}

/** The media of every demo Instagram account, by id and per account (newest first). */
export class InstagramWorld {
  readonly media = new Map<string, SimMedia>();
  private readonly feedByAccount = new Map<string, SimMedia[]>();
  private readonly storiesByAccount = new Map<string, SimMedia[]>();

  /**
   * @param anchor the clock at start: media times are offsets from it
   * @param matrix metrics per product type (default {@link DEFAULT_METRIC_MATRIX}); replaceable at
   *   run time, as Meta's answers vary (tests of a client's handling of a refused metric)
   */
  constructor(
    readonly anchor: Date,
    public matrix: MetricMatrix = DEFAULT_METRIC_MATRIX,
  ) {}

  /** Builds the media of every Page's Instagram account from the seed's reviews (`Seed.restaurants`). */
  static fromSeed(seed: Seed, anchor: Date, matrix?: MetricMatrix): InstagramWorld {
    const world = new InstagramWorld(anchor, matrix);
    for (const page of seed.pages.values()) {
      const restaurant = seed.restaurants.get(page.restaurantId);
      world.addAccount(page, dishesOf(restaurant?.reviews ?? []), restaurant?.cuisines ?? []);
    }
    return world;
  }

  /** Adds one account's media. */
  addAccount(page: SimPage, dishes: readonly DishMention[], cuisines: readonly string[]): void {
    const random = seededRandom(`account:${page.instagramUserId}`);
    const subjects: DishMention[] = dishes.length ? [...dishes] : (cuisines.length ? cuisines : ['house special']).map((c) => ({ dish: c.toLowerCase(), mentions: 0, quote: '' }));
    const caption = (subject: DishMention, n: number) => {
      const hook = ['Fresh out of the kitchen', 'Back by popular demand', 'Weekend plans', 'Your favourite, in motion', 'Made to order'][n % 5]!;
      const quote = subject.quote ? ` “${subject.quote}”` : '';
      return `${hook}: ${titled(subject.dish)} at ${page.name}.${quote} #${tagOf(subject.dish)} #hyderabadfood #${tagOf(page.name)}`;
    };
    // One feed post (a mid-aged image) and one story have a tiny audience.
    const tinyFeed = 3 + Math.floor(random() * 4) * 5;
    const feed: SimMedia[] = [];
    for (let i = 0; i < FEED_MEDIA_PER_ACCOUNT; i++) {
      const kind = FEED_TYPES[i % FEED_TYPES.length]!;
      const id = mediaIdFor(`${page.instagramUserId}:feed:${i}`);
      const subject = subjects[i % subjects.length]!;
      feed.push({
        id,
        igUserId: page.instagramUserId,
        pageId: page.id,
        username: page.instagramUsername,
        ...kind,
        caption: caption(subject, i),
        dish: subject.dish,
        timestamp: new Date(this.anchor.getTime() - feedAgeMs(i, random)),
        shortcode: shortcodeFor(id),
        metrics: drawMetrics(id, kind.productType, i === tinyFeed),
      });
    }
    const stories: SimMedia[] = STORY_AGES_MS.slice(0, STORIES_PER_ACCOUNT).map((age, i) => {
      const id = mediaIdFor(`${page.instagramUserId}:story:${i}`);
      const subject = subjects[(i + 1) % subjects.length]!;
      return {
        id,
        igUserId: page.instagramUserId,
        pageId: page.id,
        username: page.instagramUsername,
        mediaType: i === 1 ? 'VIDEO' : 'IMAGE',
        productType: 'STORY',
        caption: '',
        dish: subject.dish,
        timestamp: new Date(this.anchor.getTime() - age),
        shortcode: shortcodeFor(id),
        metrics: drawMetrics(id, 'STORY', i === 2),
      };
    });
    for (const m of [...feed, ...stories]) this.media.set(m.id, m);
    this.feedByAccount.set(page.instagramUserId, feed);
    this.storiesByAccount.set(page.instagramUserId, stories);
  }

  /** Feed posts and reels of an account, newest first (stories are not in `/media`, as at Meta). */
  feedOf(igUserId: string): SimMedia[] {
    return this.feedByAccount.get(igUserId) ?? [];
  }

  /** Stories of an account still live at `now` (younger than 24 h), newest first. */
  liveStoriesOf(igUserId: string, now: Date): SimMedia[] {
    return (this.storiesByAccount.get(igUserId) ?? []).filter((s) => isLive(s, now));
  }
}

/** Whether a story is still readable at `now` (feed media always are). */
export function isLive(m: SimMedia, now: Date): boolean {
  return m.productType !== 'STORY' || now.getTime() - m.timestamp.getTime() < STORY_LIFETIME_HOURS * HOUR_MS;
}

/** Whether the media's insights are not there yet at `now` (younger than the lag). */
export function inLag(m: SimMedia, now: Date): boolean {
  return now.getTime() - m.timestamp.getTime() < INSIGHTS_LAG_HOURS * HOUR_MS;
}

/** Whether the media's insights were dropped (older than the 2-year retention). */
export function pastRetention(m: SimMedia, now: Date): boolean {
  return now.getTime() - m.timestamp.getTime() > RETENTION_DAYS * DAY_MS;
}
