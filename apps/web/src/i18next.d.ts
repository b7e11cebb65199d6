import 'i18next';
import type automation from './locales/en/automation.json';
import type comments from './locales/en/comments.json';
import type complaints from './locales/en/complaints.json';
import type competitors from './locales/en/competitors.json';
import type customizer from './locales/en/customizer.json';
import type demo from './locales/en/demo.json';
import type demoEmail from './locales/en/demo-email.json';
import type demoChat from './locales/en/demo-chat.json';
import type demoTodo from './locales/en/demo-todo.json';
import type demoCalendar from './locales/en/demo-calendar.json';
import type demoUsers from './locales/en/demo-users.json';
import type demoInvoice from './locales/en/demo-invoice.json';
import type facebook from './locales/en/facebook.json';
import type inbox from './locales/en/inbox.json';
import type reviews from './locales/en/reviews.json';
import type tenancy from './locales/en/tenancy.json';
import type tickets from './locales/en/tickets.json';
import type en from './locales/en/translation.json';

// Typed keys: `t('reviews.titel')` is a compile error instead of a raw key on screen. The
// namespaces other than `translation` are loaded lazily;
// see lib/i18n.ts.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en;
      inbox: typeof inbox;
      demo: typeof demo;
      facebook: typeof facebook;
      reviews: typeof reviews;
      tenancy: typeof tenancy;
      customizer: typeof customizer;
      comments: typeof comments;
      complaints: typeof complaints;
      competitors: typeof competitors;
      tickets: typeof tickets;
      automation: typeof automation;
      // The template's demo apps (issue #15), one namespace each.
      'demo-email': typeof demoEmail;
      'demo-chat': typeof demoChat;
      'demo-todo': typeof demoTodo;
      'demo-calendar': typeof demoCalendar;
      'demo-users': typeof demoUsers;
      'demo-invoice': typeof demoInvoice;
    };
  }
}
