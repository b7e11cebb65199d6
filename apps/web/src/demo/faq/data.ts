/**
 * The FAQ demo's content (docs/requirements/routes.md and data.md#faq-category): the template's
 * five categories with fixed, template-like questions, told from a restaurant that takes orders
 * online. Read only, so there is nothing to keep for the session.
 */
import type { TFaqCategory, TFaqCategoryId } from './schema.ts';

/** Every category with all its questions, in page order. */
export type FaqDb = Record<TFaqCategoryId, TFaqCategory>;

/** A fresh copy of the FAQ content. */
export function createFaqDb(): FaqDb {
  return {
    payment: {
      icon: 'CreditCard',
      title: 'Payment',
      subtitle: 'Which payment methods do we take?',
      qandA: [
        { question: 'Does my subscription to the weekly meal box renew automatically?', ans: 'Yes. The box renews every Monday at 6 am unless you pause or cancel it before then under My orders.' },
        { question: 'Which payment methods do you accept?', ans: 'We take all major debit and credit cards, Apple Pay, Google Pay and gift cards issued by any of our outlets.' },
        { question: 'Can I pay in cash when my order arrives?', ans: 'Cash on delivery is available for orders under 60 dollars; please have the exact amount ready for the rider.' },
        { question: 'Why was my card charged twice?', ans: 'The first charge is a hold that your bank releases within three working days; only the final amount is taken.' },
        { question: 'How do I use a gift card or a voucher code?', ans: 'Enter the code at checkout in the "Gift card or voucher" field; any balance left stays on the card for your next visit.' },
      ],
    },
    delivery: {
      icon: 'ShoppingBag',
      title: 'Delivery',
      subtitle: 'Where and when we deliver',
      qandA: [
        { question: 'How long does delivery take?', ans: 'Most orders arrive within 35 minutes; at peak times on Friday and Saturday evenings allow up to an hour.' },
        { question: 'Do you deliver to my area?', ans: 'We deliver within 5 km of each outlet. Enter your postcode at checkout to see the outlets that reach you.' },
        { question: 'Can I schedule a delivery for later?', ans: 'Yes, choose "Schedule" at checkout and pick any 15-minute slot up to seven days ahead.' },
        { question: 'How much does delivery cost?', ans: 'Delivery is free on orders over 30 dollars; below that a flat fee of 2.99 dollars applies.' },
        { question: 'Can I track my delivery live?', ans: 'Once the kitchen hands over your order, the order page shows the rider on a map with an updated arrival time.' },
      ],
    },
    cancellationReturn: {
      icon: 'RefreshCw',
      title: 'Cancellation & Return',
      subtitle: 'Changed your mind or something went wrong?',
      qandA: [
        { question: 'Can I cancel my order?', ans: 'You can cancel free of charge until the kitchen starts preparing it, usually within two minutes of ordering.' },
        { question: 'What if an item is missing from my order?', ans: 'Report it from the order page within 24 hours and we refund the item or send it with your next order, whichever you prefer.' },
        { question: 'How do I return a damaged meal box?', ans: 'Keep the box, take a photo and send it through the order page; we refund the box in full, no return needed.' },
        { question: 'How long does a refund take?', ans: 'Refunds reach card accounts within five working days and gift cards at once.' },
      ],
    },
    myOrders: {
      icon: 'Package',
      title: 'My Orders',
      subtitle: 'Order history, invoices and favourites',
      qandA: [
        { question: 'Where can I find my past orders?', ans: 'Sign in and open My orders: every order of the last two years is there, with its receipt.' },
        { question: 'Can I reorder a previous meal?', ans: 'Yes, open the order and choose "Order again"; items no longer on the menu are left out.' },
        { question: 'How do I get an invoice for my company?', ans: 'Open the order and choose "Download invoice"; add your company details once under Account and they appear on every invoice.' },
        { question: 'Why is my order marked as delayed?', ans: 'The kitchen or the rider is running late; the new arrival time is shown and you may cancel for a full refund if it no longer suits you.' },
      ],
    },
    productServices: {
      icon: 'Settings',
      title: 'Product & Services',
      subtitle: 'Menus, allergens and catering',
      qandA: [
        { question: 'Where can I see the allergens of a dish?', ans: 'Every dish lists the 14 major allergens on its detail page; ask our staff if you need the full recipe.' },
        { question: 'Do you offer vegan and gluten-free dishes?', ans: 'Yes, filter the menu by "Vegan" or "Gluten-free"; those dishes are prepared on separate boards.' },
        { question: 'Do you cater for private events?', ans: 'We cater for groups of 20 to 200 guests. Send the date and the number of guests through the contact form and we reply within a day.' },
        { question: 'Can I book a table through the app?', ans: 'Yes, choose an outlet, a time and the number of guests; you get a confirmation by email and a reminder two hours before.' },
        { question: 'Are your ingredients sourced locally?', ans: 'Our vegetables and dairy come from farms within 80 km of our kitchens; the menu marks the few imported items.' },
      ],
    },
  };
}
