/** The emergency mode page's texts. */
export const emergencyTexts = {
  nav: 'Emergency',
  title: 'Emergency Mode',
  subtitle: 'Declare an emergency to cap price rises while it lasts',
  loading: 'Loading emergencies...',
  loadFailed: 'The emergencies could not be loaded.',
  retry: 'Retry',
  activeHeading: 'Emergency in effect',
  since: 'Since',
  regions: 'Regions',
  priceLimit: 'Price-rise limit',
  priceLimitValue: (percent: number) =>
    `${percent}% above each product's highest price in the 30 days before it began`,
  end: 'End emergency',
  endConfirmTitle: 'End the emergency?',
  endConfirmMessage: (name: string) =>
    `"${name}" ends now: the storefront notice goes and prices may rise again without the cap.`,
  ended: 'The emergency has ended.',
  declareHeading: 'Declare an emergency',
  declareHint:
    'While it lasts, no product price can rise more than the limit above its highest price of the 30 days before the emergency began, on any path (forms, bulk edits, imports). Price drops are always allowed.',
  fields: {
    name: 'Name',
    namePlaceholder: 'e.g. Hurricane Ada',
    regions: 'Regions affected',
    regionsPlaceholder: 'e.g. Gulf Coast, Florida',
    limit: 'Price-rise limit (%)',
    start: 'Started (UTC)',
    startHint:
      'When it began, if before now (at most 30 days ago). The price cap looks back 30 days from it.',
  },
  errors: {
    name: 'Please enter a name (at most 120 characters)',
    regions: 'The regions are at most 500 characters',
    limit: 'Enter a percentage between 0 and 100 with at most two decimals',
    start: 'The start is a moment in the last 30 days, not in the future',
  },
  declare: 'Declare emergency',
  declared: 'The emergency is declared.',
  failed: (reason: string) => `That did not work: ${reason}`,
  historyHeading: 'Past emergencies',
  noHistory: 'No emergency has been declared before.',
  period: (from: string, to: string) => `${from} – ${to}`,
} as const;
