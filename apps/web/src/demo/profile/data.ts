/**
 * The profile demo's data (docs/requirements/data.md#profile-data): the template's Kitty Allanson,
 * UI/UX designer, with six suggested pages, three tweets, three posts (likes, comments, shares, the
 * users who liked and the comments), nine latest photos, six suggestions and two polls. Names
 * and texts come from a seeded faker, so every load shows the same page; pictures are SVG
 * landscapes drawn from the seed (no image files).
 */
import { Faker, en } from '@faker-js/faker';
import type { TProfileData } from './schema.ts';

const AVATAR_COUNT = 8;
const avatar = (n: number) => `${import.meta.env.BASE_URL}demo/avatars/avatar-${(n % AVATAR_COUNT) + 1}.svg`;

/** An SVG landscape (sky, sun, two hills) in colours picked by `faker`, as a data URL. */
export function picture(faker: Faker, width: number, height: number): string {
  const hue = faker.number.int({ min: 0, max: 359 });
  const sky = `hsl(${hue} 70% 78%)`;
  const far = `hsl(${(hue + 40) % 360} 45% 52%)`;
  const near = `hsl(${(hue + 80) % 360} 50% 38%)`;
  const sunX = faker.number.int({ min: Math.round(width * 0.15), max: Math.round(width * 0.85) });
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="${sky}"/>` +
    `<circle cx="${sunX}" cy="${Math.round(height * 0.3)}" r="${Math.round(height * 0.12)}" fill="hsl(45 95% 70%)"/>` +
    `<path d="M0 ${Math.round(height * 0.7)} Q ${Math.round(width * 0.3)} ${Math.round(height * 0.35)} ${Math.round(width * 0.6)} ${Math.round(height * 0.65)} T ${width} ${Math.round(height * 0.55)} V ${height} H 0 Z" fill="${far}"/>` +
    `<path d="M0 ${Math.round(height * 0.85)} Q ${Math.round(width * 0.45)} ${Math.round(height * 0.6)} ${width} ${Math.round(height * 0.8)} V ${height} H 0 Z" fill="${near}"/>` +
    `</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** A fresh copy of the profile. */
export function createProfileDb(): { profile: TProfileData } {
  const faker = new Faker({ locale: [en], seed: 16_270 });
  const name = () => faker.person.fullName();
  const person = (n: number) => ({ avatar: avatar(n), username: name() });
  const sentence = () => faker.lorem.sentence({ min: 8, max: 16 });
  const base = Date.parse('2026-11-20T09:30:00Z');

  return {
    profile: {
      header: { avatar: avatar(1), username: 'Kitty Allanson', designation: 'UI/UX Designer', coverImg: picture(faker, 1200, 300) },
      userAbout: {
        about: faker.lorem.sentences(2),
        joined: '2015-11-15',
        lives: 'New York, USA',
        email: 'bucketful@fiendhead.org',
        website: 'www.pixinvent.com',
      },
      suggestedPages: Array.from({ length: 6 }, (_, i) => ({
        ...person(i + 2),
        subtitle: faker.helpers.arrayElement(['Company', 'Restaurant', 'Food & drink', 'Bakery', 'Coffee shop']),
        favorite: i % 3 === 0,
      })),
      twitterFeeds: Array.from({ length: 3 }, (_, i) => {
        const title = name();
        return {
          imgUrl: avatar(i + 4),
          title,
          id: faker.internet.username({ firstName: title.split(' ')[0] }).toLowerCase(),
          tags: faker.helpers.arrayElements(['#design', '#fashion', '#food', '#brunch', '#tasting', '#menu'], 2).join(' '),
          desc: sentence(),
          favorite: i === 1,
        };
      }),
      post: Array.from({ length: 3 }, (_, i) => ({
        ...person(i + 5),
        postTime: new Date(base - i * 3 * 86_400_000 - i * 3_700_000).toISOString(),
        postText: faker.lorem.paragraph(),
        postImg: i === 1 ? null : picture(faker, 800, 450),
        likes: faker.number.int({ min: 80, max: 2_400 }),
        youLiked: i === 0,
        comments: faker.number.int({ min: 10, max: 1_500 }),
        share: faker.number.int({ min: 5, max: 1_300 }),
        likedUsers: Array.from({ length: 5 }, (_, j) => person(i + j)),
        likedCount: faker.number.int({ min: 20, max: 160 }),
        detailedComments: Array.from({ length: i === 1 ? 1 : 2 }, (_, j) => ({
          ...person(i + j + 3),
          comment: sentence(),
          commentsLikes: faker.number.int({ min: 0, max: 60 }),
          youLiked: j === 0,
        })),
      })),
      latestPhotos: Array.from({ length: 9 }, () => ({ img: picture(faker, 160, 160) })),
      suggestions: Array.from({ length: 6 }, (_, i) => ({ avatar: avatar(i + 3), name: name(), mutualFriend: faker.number.int({ min: 1, max: 24 }) })),
      polls: [
        { name: 'RDJ', result: 82, votedUser: Array.from({ length: 5 }, (_, j) => ({ img: avatar(j), username: name() })) },
        { name: 'Chris Hemsworth', result: 67, votedUser: Array.from({ length: 4 }, (_, j) => ({ img: avatar(j + 3), username: name() })) },
      ],
    },
  };
}
