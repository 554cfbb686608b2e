import { routes } from '@prepper/shared';

export interface PolicySection {
  heading: string;
  body: string;
}

export interface Policy {
  path: string;
  title: string;
  updated: string;
  intro: string;
  sections: PolicySection[];
}

/** The three policy pages behind the footer links: short, plain-language and real. */
export const policies: Policy[] = [
  {
    path: routes.privacyPolicy,
    title: 'Privacy Policy',
    updated: 'Last updated: January 15, 2024',
    intro:
      'ReadyStock sells emergency-preparedness supplies. This policy explains what personal information we collect when you shop with us, why, and the choices you have.',
    sections: [
      {
        heading: 'What we collect',
        body: 'Your name, e-mail address, shipping address and phone number when you create an account or order; the items in your cart; and basic technical data (browser type, pages visited) needed to run the shop securely.',
      },
      {
        heading: 'How we use it',
        body: 'To process and deliver orders, answer support requests, prevent fraud and, only if you opt in, send our preparedness newsletter. We never sell your personal information.',
      },
      {
        heading: 'Who we share it with',
        body: 'Only the service providers that help us run the shop — payment processing, shipping carriers and our hosting provider — each bound to use your data solely for that service.',
      },
      {
        heading: 'Your rights',
        body: 'You can ask to see, correct or delete your data at any time by writing to support@readystock.example. We answer within 30 days and keep order records only as long as tax law requires.',
      },
    ],
  },
  {
    path: routes.termsOfService,
    title: 'Terms of Service',
    updated: 'Last updated: January 15, 2024',
    intro: 'These terms apply when you browse or buy from ReadyStock. By placing an order you accept them.',
    sections: [
      {
        heading: 'Orders and prices',
        body: 'Prices are in US dollars and include no tax until checkout. An order is accepted when we send the shipping confirmation; if an item turns out to be out of stock we refund it in full.',
      },
      {
        heading: 'Shipping',
        body: 'Orders of $99 or more ship free within the contiguous United States; smaller orders ship for a flat $9.99. Delivery times are estimates, not guarantees.',
      },
      {
        heading: 'Returns',
        body: 'Unused items in their original packaging can be returned within 30 days for a refund. Opened food rations and used fuel canisters cannot be returned for safety reasons.',
      },
      {
        heading: 'Use of products',
        body: 'Survival and emergency equipment must be used as its manufacturer instructs. Our guides are general information and are no substitute for professional training or official emergency instructions.',
      },
    ],
  },
  {
    path: routes.cookiePolicy,
    title: 'Cookie Policy',
    updated: 'Last updated: January 15, 2024',
    intro:
      'ReadyStock uses a small amount of browser storage so the shop works. We do not use advertising or cross-site tracking cookies.',
    sections: [
      {
        heading: 'Strictly necessary storage',
        body: 'Your cart is kept in your browser’s local storage so it survives a reload, and a sign-in session is stored while you are signed in. Without these the cart and your account would not work.',
      },
      {
        heading: 'Analytics',
        body: 'We count page views in aggregate, without cookies and without identifying you, to learn which guides and products are useful.',
      },
      {
        heading: 'Your choices',
        body: 'You can clear the shop’s storage at any time in your browser settings. Doing so empties your cart and signs you out; nothing else changes.',
      },
    ],
  },
];
