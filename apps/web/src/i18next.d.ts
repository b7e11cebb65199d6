import 'i18next';
import type ads from './locales/en/ads.json';
import type automation from './locales/en/automation.json';
import type businessOverview from './locales/en/business-overview.json';
import type orders from './locales/en/orders.json';
import type outletTimings from './locales/en/outlet-timings.json';
import type dataTracker from './locales/en/data-tracker.json';
import type reports from './locales/en/reports.json';
import type menu from './locales/en/menu.json';
import type overview from './locales/en/overview.json';
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
import type demoShop from './locales/en/demo-shop.json';
import type demoDashboards from './locales/en/demo-dashboards.json';
import type demoAuth from './locales/en/demo-auth.json';
import type demoAccount from './locales/en/demo-account.json';
import type demoProfile from './locales/en/demo-profile.json';
import type demoFaq from './locales/en/demo-faq.json';
import type demoKnowledgeBase from './locales/en/demo-knowledge-base.json';
import type demoPricing from './locales/en/demo-pricing.json';
import type demoBlog from './locales/en/demo-blog.json';
import type demoUiElements from './locales/en/demo-ui-elements.json';
import type demoCards from './locales/en/demo-cards.json';
import type demoUiComponents from './locales/en/demo-ui-components.json';
import type demoExtensions from './locales/en/demo-extensions.json';
import type demoForms from './locales/en/demo-forms.json';
import type demoTables from './locales/en/demo-tables.json';
import type demoCharts from './locales/en/demo-charts.json';
import type demoMaps from './locales/en/demo-maps.json';
import type facebook from './locales/en/facebook.json';
import type inbox from './locales/en/inbox.json';
import type instagram from './locales/en/instagram.json';
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
      'business-overview': typeof businessOverview;
      orders: typeof orders;
      'outlet-timings': typeof outletTimings;
      'data-tracker': typeof dataTracker;
      reports: typeof reports;
      menu: typeof menu;
      overview: typeof overview;
      instagram: typeof instagram;
      ads: typeof ads;
      // The template's demo apps, one namespace each.
      'demo-email': typeof demoEmail;
      'demo-chat': typeof demoChat;
      'demo-todo': typeof demoTodo;
      'demo-calendar': typeof demoCalendar;
      'demo-users': typeof demoUsers;
      'demo-invoice': typeof demoInvoice;
      'demo-shop': typeof demoShop;
      'demo-dashboards': typeof demoDashboards;
      'demo-auth': typeof demoAuth;
      'demo-account': typeof demoAccount;
      'demo-profile': typeof demoProfile;
      'demo-faq': typeof demoFaq;
      'demo-knowledge-base': typeof demoKnowledgeBase;
      'demo-pricing': typeof demoPricing;
      'demo-blog': typeof demoBlog;
      // The UI showcase, one namespace per section.
      'demo-ui-elements': typeof demoUiElements;
      'demo-cards': typeof demoCards;
      'demo-ui-components': typeof demoUiComponents;
      'demo-extensions': typeof demoExtensions;
      'demo-forms': typeof demoForms;
      'demo-tables': typeof demoTables;
      'demo-charts': typeof demoCharts;
      'demo-maps': typeof demoMaps;
    };
  }
}
