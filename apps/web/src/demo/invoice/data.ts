/**
 * The invoice demo's in-memory data (docs/requirements/data.md#invoice and states.md statuses):
 * fifty invoices from a seeded faker and a fixed reference date, ids 4987 to 5036 (the template's)
 * issued in id order over the half-year before it. Every status occurs, and balances come in both
 * of the template's forms (numbers and signed dollar strings, some negative for credits). The
 * seller's bank details are the template's sample.
 */
import { Faker, en } from '@faker-js/faker';
import { dollarString, itemsTotal, roundCents } from './balance.ts';
import { INVOICE_STATUSES, type TInvoice, type TInvoiceItem, type TInvoiceStatus, type TPaymentDetails } from './schema.ts';

/** The mutable state behind the invoice handlers, in id order. */
export interface InvoiceDb {
  invoices: TInvoice[];
}

/** The template's first invoice id. */
export const FIRST_INVOICE_ID = 4987;
const INVOICE_COUNT = 50;
/** Invoices are issued in the 180 days before this date (fixed: the same data on every load). */
const REFERENCE_DATE = Date.UTC(2026, 0, 31);
const DAY_MS = 24 * 60 * 60 * 1000;

const SERVICES: readonly { name: string; description: string }[] = [
  { name: 'Menu Design', description: 'Seasonal menu layout and print files' },
  { name: 'Software Development', description: 'Online ordering integration' },
  { name: 'UI/UX Design & Development', description: 'Table booking flow redesign' },
  { name: 'Food Photography', description: 'Half-day shoot, 25 edited photos' },
  { name: 'Template Customization', description: 'Brand colours and typography' },
  { name: 'POS Integration', description: 'Till and delivery platform sync' },
  { name: 'Website Maintenance', description: 'Monthly updates and monitoring' },
  { name: 'Social Media Management', description: 'Four weeks of posts and replies' },
];

/** The seller's bank (the template's sample payment details, docs/requirements/data.md). */
export const SELLER_BANK: Omit<TPaymentDetails, 'totalDue'> = {
  bankName: 'American Bank',
  country: 'United States',
  iban: 'ETD95476213874685',
  swiftCode: 'BR91905',
};

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The balance an invoice of `status` and `total` shows, in one of the template's two forms. */
function balanceFor(faker: Faker, status: TInvoiceStatus, total: number, index: number): TInvoice['balance'] {
  const asString = index % 2 === 1;
  switch (status) {
    case 'Paid':
      return asString ? '$0' : 0;
    case 'Partial Payment': {
      const due = roundCents(total * faker.number.float({ min: 0.2, max: 0.8 }));
      return asString ? dollarString(due) : due;
    }
    case 'Downloaded':
      // Some clients paid ahead: a credit, written as the template did ('-$205.00').
      return index % 4 === 1 ? dollarString(-faker.number.int({ min: 50, max: 400 })) : total;
    default:
      return asString ? dollarString(total) : total;
  }
}

/** A fresh copy of the fifty initial invoices. */
export function createInvoiceDb(): InvoiceDb {
  const faker = new Faker({ locale: [en], seed: 4_987 });
  const offsets = Array.from({ length: INVOICE_COUNT }, () => faker.number.int({ min: 0, max: 180 })).sort((a, b) => b - a);
  const invoices: TInvoice[] = offsets.map((daysBefore, index) => {
    const issued = REFERENCE_DATE - daysBefore * DAY_MS;
    const items: TInvoiceItem[] = faker.helpers.arrayElements(SERVICES, { min: 1, max: 3 }).map((service) => ({
      name: service.name,
      description: service.description,
      cost: faker.number.int({ min: 40, max: 1500 }) + faker.helpers.arrayElement([0, 0.5, 0.99]),
      qty: faker.number.int({ min: 1, max: 3 }),
    }));
    const total = itemsTotal(items);
    const invoiceStatus = INVOICE_STATUSES[index % INVOICE_STATUSES.length] ?? 'Draft';
    const name = faker.person.fullName();
    return {
      id: FIRST_INVOICE_ID + index,
      issuedDate: isoDate(issued),
      client: {
        address: `${faker.location.streetAddress()}, ${faker.location.city()}`,
        company: faker.company.name(),
        companyEmail: faker.internet.email({ firstName: name.split(' ')[0] }).toLowerCase(),
        country: faker.location.country(),
        contact: faker.phone.number({ style: 'national' }),
        name,
      },
      service: items[0]?.name ?? '',
      total,
      avatar: index % 3 === 0 ? '' : `${import.meta.env.BASE_URL}demo/avatars/avatar-${(index % 8) + 1}.svg`,
      invoiceStatus,
      balance: balanceFor(faker, invoiceStatus, total, index),
      dueDate: isoDate(issued + faker.number.int({ min: 7, max: 45 }) * DAY_MS),
      items,
    };
  });
  return { invoices };
}
