/**
 * The blog demo's initial posts (docs/requirements/data.md#blog-post and states.md#blog-status):
 * ten restaurant stories over the sidebar's five categories, by four authors, with comments.
 * A seeded faker writes the same content, comments and dates on every load; times count back
 * from "now" (taken when the db is created). Pictures are inline SVG illustrations, so the
 * demo needs no image files.
 */
import { en, Faker } from '@faker-js/faker';
import { BLOG_CATEGORIES, type TBlogCategory, type TBlogComment, type TBlogStatus } from './schema.ts';

/** A stored post: everything the list, detail and edit calls answer from. */
export interface BlogDbPost {
  id: number;
  slug: string;
  img: string;
  title: string;
  avatar: string;
  userFullName: string;
  /** ISO date-time of publication. */
  createdTime: string;
  tags: TBlogCategory[];
  excerpt: string;
  /** HTML. */
  content: string;
  /** How many readers bookmarked it. */
  bookmarked: number;
  status: TBlogStatus;
  /** Oldest first; the post's comment count is their number. */
  comments: TBlogComment[];
}

/** The mutable state behind the blog handlers (plain JSON, kept by `DemoState`). */
export interface BlogDb {
  /** In id order (a higher id is a newer post). */
  posts: BlogDbPost[];
}

const SEED = 1717;
const DAY_MS = 86_400_000;

const avatar = (n: number) => `${import.meta.env.BASE_URL}demo/avatars/avatar-${n}.svg`;

const AUTHORS = [
  { userFullName: 'Ghani Pradita', avatar: avatar(1) },
  { userFullName: 'Jorge Griffin', avatar: avatar(2) },
  { userFullName: 'Claudia Neal', avatar: avatar(3) },
  { userFullName: 'Fernando Ruiz', avatar: avatar(5) },
] as const;

/** Oldest first. */
const POSTS: readonly { title: string; tags: TBlogCategory[] }[] = [
  { title: 'A chef’s quote for every day of the week', tags: ['Quote'] },
  { title: 'The esports café that serves ramen until 3 am', tags: ['Gaming', 'Food'] },
  { title: 'Uniforms our front-of-house team designed themselves', tags: ['Fashion'] },
  { title: 'Watch: how we make fresh pasta every morning', tags: ['Video', 'Food'] },
  { title: '“Cooking is love made visible”: our founder on twenty years at the stove', tags: ['Quote'] },
  { title: 'What to wear to a tasting-menu dinner', tags: ['Fashion', 'Food'] },
  { title: 'Game night: pairing board games with small plates', tags: ['Gaming'] },
  { title: 'Streaming our kitchen live: a week behind the pass', tags: ['Video'] },
  { title: 'Autumn mushrooms and where our foragers find them', tags: ['Food'] },
  { title: 'Ten dishes our chefs cook at home', tags: ['Food', 'Quote'] },
];

const CATEGORY_COLORS: Record<TBlogCategory, [string, string]> = {
  Fashion: ['#ea5455', '#ff9f43'],
  Food: ['#28c76f', '#ffb976'],
  Gaming: ['#7367f0', '#00cfe8'],
  Quote: ['#82868b', '#7367f0'],
  Video: ['#00cfe8', '#ea5455'],
};

/** The URL name of a title, e.g. `game-night-pairing-board-games-with-small-plates`. */
export function slugOf(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** An inline SVG picture (16:9): a gradient in the category's colours with soft plates on it. */
function picture(faker: Faker, category: TBlogCategory): string {
  const [from, to] = CATEGORY_COLORS[category];
  const plates = Array.from({ length: 5 }, () => {
    const r = faker.number.int({ min: 30, max: 90 });
    return `<circle cx="${faker.number.int({ min: 40, max: 600 })}" cy="${faker.number.int({ min: 40, max: 320 })}" r="${r}" fill="#fff" fill-opacity="${faker.number.float({ min: 0.12, max: 0.3, fractionDigits: 2 })}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="640" height="360" fill="url(#g)"/>${plates}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function contentOf(faker: Faker, title: string): string {
  const dish = faker.food.dish();
  return [
    `<p>${title}. ${faker.food.description()} ${faker.food.description()}</p>`,
    `<p>Our kitchen team in ${faker.location.city()} tried ${faker.number.int({ min: 3, max: 12 })} versions before we were happy. The ${dish.toLowerCase()} we serve today uses ${faker.food.ingredient().toLowerCase()} from a farm an hour away, and ${faker.food.spice().toLowerCase()} we grind ourselves.</p>`,
    `<blockquote><p>${faker.helpers.arrayElement(['Good food is very often, even most often, simple food.', 'The table is where friendships are made.', 'Taste first, then season, then taste again.'])}</p></blockquote>`,
    `<p>${faker.food.description()} Come and try it at any of our outlets; tell us what you think in the comments.</p>`,
  ].join('');
}

function commentOf(faker: Faker, when: Date): TBlogComment {
  const useAvatar = faker.datatype.boolean(0.6);
  return {
    avatar: useAvatar ? avatar(faker.helpers.arrayElement([4, 6, 7, 8])) : '',
    userFullName: faker.person.fullName(),
    commentedAt: when.toISOString(),
    commentText: faker.helpers.arrayElement([
      `We had the ${faker.food.dish().toLowerCase()} last weekend: exactly as good as described here.`,
      'Lovely read. Will you share the recipe one day?',
      `My kids loved it. Any chance of a ${faker.food.ethnicCategory().toLowerCase()} night soon?`,
      'Booked a table for Friday after reading this!',
      'Great story, and the photos make me hungry.',
    ]),
  };
}

/** A fresh copy of the initial posts; `now` anchors the dates (tests may fix it). */
export function createBlogDb(now: Date = new Date()): BlogDb {
  const faker = new Faker({ locale: [en], seed: SEED });
  let daysAgo = 4 + POSTS.length * 9;
  const posts = POSTS.map((post, index): BlogDbPost => {
    daysAgo -= faker.number.int({ min: 5, max: 9 });
    const created = new Date(now.getTime() - daysAgo * DAY_MS - faker.number.int({ min: 0, max: 12 }) * 3_600_000);
    const author = AUTHORS[index % AUTHORS.length] ?? AUTHORS[0];
    const commentCount = faker.number.int({ min: 1, max: 4 });
    const comments = Array.from({ length: commentCount }, (_, n) => commentOf(faker, new Date(created.getTime() + (n + 1) * faker.number.int({ min: 2, max: 20 }) * 3_600_000)));
    return {
      id: index + 1,
      slug: slugOf(post.title),
      img: picture(faker, post.tags[0] ?? BLOG_CATEGORIES[0]),
      title: post.title,
      avatar: author.avatar,
      userFullName: author.userFullName,
      createdTime: created.toISOString(),
      tags: [...post.tags],
      excerpt: `${faker.food.description()} ${faker.helpers.arrayElement(['Read on for the whole story.', 'Here is how we did it.', 'The team tells you why.'])}`,
      content: contentOf(faker, post.title),
      bookmarked: faker.number.int({ min: 2, max: 80 }),
      // One older post is still a draft and one waits for review, so every status shows.
      status: index === 2 ? 'Draft' : index === 6 ? 'Pending' : 'Published',
      comments,
    };
  });
  return { posts };
}
