/**
 * Shape of the profile demo call (docs/requirements/data.md#profile-data and calls.md): `GET
 * /profile/data` → `{ header, userAbout, suggestedPages, twitterFeeds, post, latestPhotos,
 * suggestions, polls }`.
 *
 * Counts are numbers and times ISO date-times, so the page writes them in the reader's language
 * (the template sent "1.23k", "12 Dec 2018 at 1:16 AM", "6 Mutual Friends", "82%" as text).
 * Images are URLs (the avatars under public/demo, pictures as SVG data URLs).
 */
import { z } from 'zod';

const ZPerson = z.object({ avatar: z.string(), username: z.string().min(1) });

export const ZProfileHeader = z.object({ avatar: z.string(), username: z.string().min(1), designation: z.string(), coverImg: z.string() });

export const ZUserAbout = z.object({
  about: z.string(),
  /** ISO date the user joined. */
  joined: z.iso.date(),
  lives: z.string(),
  email: z.email(),
  website: z.string(),
});

export const ZSuggestedPage = ZPerson.extend({ subtitle: z.string(), favorite: z.boolean() });

export const ZTwitterFeed = z.object({ imgUrl: z.string(), title: z.string(), id: z.string(), tags: z.string(), desc: z.string(), favorite: z.boolean() });

export const ZPostComment = ZPerson.extend({ comment: z.string(), commentsLikes: z.number().int().nonnegative(), youLiked: z.boolean() });

export const ZPost = ZPerson.extend({
  /** ISO date-time of posting. */
  postTime: z.iso.datetime(),
  postText: z.string(),
  postImg: z.string().nullable(),
  likes: z.number().int().nonnegative(),
  youLiked: z.boolean(),
  comments: z.number().int().nonnegative(),
  share: z.number().int().nonnegative(),
  likedUsers: z.array(ZPerson),
  /** Likers beyond `likedUsers` (shown as "+n"). */
  likedCount: z.number().int().nonnegative(),
  detailedComments: z.array(ZPostComment),
});

export const ZLatestPhoto = z.object({ img: z.string() });

export const ZSuggestion = z.object({ avatar: z.string(), name: z.string(), mutualFriend: z.number().int().nonnegative() });

export const ZPoll = z.object({
  name: z.string(),
  /** Share of the votes, 0–100. */
  result: z.number().min(0).max(100),
  votedUser: z.array(z.object({ img: z.string(), username: z.string() })),
});

export const ZProfileData = z.object({
  header: ZProfileHeader,
  userAbout: ZUserAbout,
  suggestedPages: z.array(ZSuggestedPage),
  twitterFeeds: z.array(ZTwitterFeed),
  post: z.array(ZPost),
  latestPhotos: z.array(ZLatestPhoto),
  suggestions: z.array(ZSuggestion),
  polls: z.array(ZPoll),
});

export type TProfileData = z.infer<typeof ZProfileData>;
export type TPost = z.infer<typeof ZPost>;

/** Path of the profile demo call (docs/requirements/calls.md). */
export const PROFILE_API = { data: '/profile/data' } as const;
