/**
 * The knowledge base demo's content (docs/requirements/routes.md and data.md): six knowledge base
 * items (the template's categories, described for a restaurant group), the category page's six
 * sections with five questions each, and each question's page. Question pages are written from a
 * seeded faker (the same text on every load) around fixed, template-like questions. As in the
 * template, every knowledge base category shows the same six sections. Read only.
 */
import { en, Faker } from '@faker-js/faker';
import type { TKbIconColor, TKbItem, TKbQuestionRef, TKbSectionIcon } from './schema.ts';

/** A stored question: its reference plus its page. */
export interface KbQuestion extends TKbQuestionRef {
  lastUpdated: string;
  content: string;
}

export interface KbSection {
  id: number;
  title: string;
  icon: TKbSectionIcon;
  iconColor: TKbIconColor;
  questions: KbQuestion[];
}

export interface KbDb {
  items: TKbItem[];
  sections: KbSection[];
}

const SEED = 1616;

/** An inline SVG illustration: a soft gradient with a plate and cutlery in `color`. */
function illustration(color: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 140"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}" stop-opacity="0.25"/><stop offset="1" stop-color="${color}" stop-opacity="0.05"/></linearGradient></defs>` +
    `<rect width="240" height="140" rx="12" fill="url(#g)"/><circle cx="120" cy="70" r="42" fill="#fff" stroke="${color}" stroke-width="5"/><circle cx="120" cy="70" r="26" fill="${color}" fill-opacity="0.2"/>` +
    `<rect x="58" y="34" width="6" height="72" rx="3" fill="${color}"/><rect x="176" y="34" width="6" height="72" rx="3" fill="${color}"/><rect x="170" y="34" width="18" height="26" rx="6" fill="${color}"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const ITEMS: readonly Omit<TKbItem, 'id' | 'img'>[] = [
  { category: 'sales-automation', title: 'Sales Automation', desc: 'Set menus, upsells and table follow-ups that run by themselves, so the floor team can focus on guests.' },
  { category: 'marketing-automation', title: 'Marketing Automation', desc: 'Campaigns that start when a guest books, orders or leaves a review, across every outlet.' },
  { category: 'api-questions', title: 'API Questions', desc: 'Connect your POS, delivery partners and booking system to the dashboard through our API.' },
  { category: 'personalization', title: 'Personalization', desc: 'Greet regulars by name, remember allergies and suggest the dishes they love.' },
  { category: 'email-marketing', title: 'Email Marketing', desc: 'Newsletters, seasonal menus and birthday offers that guests actually open.' },
  { category: 'demand-generation', title: 'Demand Generation', desc: 'Fill quiet Tuesdays: promotions, events and partnerships that bring new guests in.' },
];
const ITEM_COLORS = ['#7367f0', '#28c76f', '#ff9f43', '#00cfe8', '#ea5455', '#82868b'];

const SECTIONS: readonly { title: string; icon: TKbSectionIcon; iconColor: TKbIconColor; questions: string[] }[] = [
  {
    title: 'Account Settings',
    icon: 'Settings',
    iconColor: 'primary',
    questions: ['How secure is my password?', 'Can I change my username?', 'Where can I upload my avatar?', 'How do I add a manager to my outlet?', 'How do I delete my account?'],
  },
  {
    title: 'API Questions',
    icon: 'Code',
    iconColor: 'success',
    questions: ['What is an API token?', 'How do I connect my POS system?', 'How many requests may I send per minute?', 'Which webhooks are available?', 'Where do I find the API reference?'],
  },
  {
    title: 'Billing',
    icon: 'CreditCard',
    iconColor: 'warning',
    questions: ['Can I pay for several outlets at once?', 'Where do I download my invoices?', 'How do I change my card?', 'What happens when a payment fails?', 'Do you offer refunds?'],
  },
  {
    title: 'Copyright & Legal',
    icon: 'Lock',
    iconColor: 'info',
    questions: ['Who owns the photos of my dishes?', 'How do you handle guest data?', 'Can I use guest reviews in my adverts?', 'Where is my data stored?', 'How do I request a data export?'],
  },
  {
    title: 'Mobile Apps',
    icon: 'Smartphone',
    iconColor: 'danger',
    questions: ['Is there an app for phones and tablets?', 'Can I reply to reviews from my phone?', 'How do I turn on push notifications?', 'Does the app work offline?', 'Which devices are supported?'],
  },
  {
    title: 'Using KnowHow',
    icon: 'HelpCircle',
    iconColor: 'secondary',
    questions: ['How do I search the knowledge base?', 'Can I suggest a new article?', 'How often are articles updated?', 'Can I share an article with my team?', 'How do I contact support?'],
  },
];

/** The URL name of a question, e.g. `how-secure-is-my-password`. */
export function slugOf(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A local calendar date as `YYYY-MM-DD`. */
function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The HTML page of a question (plain tags only; shown sanitised). */
function contentOf(faker: Faker, question: string, section: string): string {
  const dish = faker.food.dish();
  const steps = faker.helpers.arrayElements(
    [
      'Open the outlet you want to change from the menu on the left.',
      `Choose ${section} in the settings.`,
      'Make the change and press Save.',
      'Check the confirmation email we send to the owner of the brand.',
      'Ask your team to reload the dashboard on their devices.',
      'Contact support if the change does not show within an hour.',
    ],
    { min: 3, max: 4 },
  );
  return [
    `<p>${question} It is one of the questions restaurant owners ask us most, so here is the short answer first, then the details.</p>`,
    `<p>${faker.food.description()} Just like the ${dish.toLowerCase()} on your menu, the setting works the same in every outlet of your brand.</p>`,
    `<h3>Step by step</h3>`,
    `<ol>${steps.map((step) => `<li>${step}</li>`).join('')}</ol>`,
    `<p>${faker.helpers.arrayElement(['Owners of several brands repeat the steps for each brand.', 'Managers see the change at once; staff after their next sign-in.', 'The change is recorded in the audit history with your name.'])}</p>`,
  ].join('');
}

/** A fresh copy of the knowledge base; `today` anchors the "last updated" dates. */
export function createKnowledgeBaseDb(today: Date = new Date()): KbDb {
  const faker = new Faker({ locale: [en], seed: SEED });
  const items = ITEMS.map((item, index): TKbItem => ({ ...item, id: index + 1, img: illustration(ITEM_COLORS[index % ITEM_COLORS.length] ?? '#7367f0') }));
  let questionId = 0;
  const sections = SECTIONS.map(
    (section, index): KbSection => ({
      id: index + 1,
      title: section.title,
      icon: section.icon,
      iconColor: section.iconColor,
      questions: section.questions.map((question): KbQuestion => {
        questionId += 1;
        const daysAgo = faker.number.int({ min: 3, max: 240 });
        return {
          id: questionId,
          question,
          slug: slugOf(question),
          lastUpdated: isoDate(new Date(today.getTime() - daysAgo * 86_400_000)),
          content: contentOf(faker, question, section.title),
        };
      }),
    }),
  );
  return { items, sections };
}
