/**
 * The account-settings demo's data (docs/requirements/data.md#account-settings): the template's
 * John Doe, his links (Twitter and LinkedIn set), two connected accounts (Twitter, Google) and his
 * notification choices.
 */
import type { TAccountSettings } from './schema.ts';

/** The mutable state behind the account handlers. */
export interface AccountDb {
  settings: TAccountSettings;
}

const avatar = (n: number) => `${import.meta.env.BASE_URL}demo/avatars/avatar-${n}.svg`;

/** A fresh copy of the template's settings. */
export function createAccountDb(): AccountDb {
  return {
    settings: {
      general: {
        avatar: avatar(1),
        username: 'johndoe',
        fullName: 'John Doe',
        email: 'granger007@hogward.com',
        company: 'PIXINVENT',
      },
      info: { bio: '', dob: null, country: 'USA', website: '', phone: '6562542568' },
      social: {
        socialLinks: {
          twitter: 'https://www.twitter.com',
          facebook: '',
          google: '',
          linkedIn: 'https://www.linkedin.com',
          instagram: '',
          quora: '',
        },
        connections: {
          twitter: { profileImg: avatar(3), id: 'johndoe' },
          google: { profileImg: avatar(4), id: 'luraweber' },
          facebook: null,
          github: null,
        },
      },
      notification: {
        commentOnArticle: true,
        answerOnForm: true,
        followMe: false,
        newAnnouncements: true,
        productUpdates: true,
        blogDigest: false,
      },
    },
  };
}
