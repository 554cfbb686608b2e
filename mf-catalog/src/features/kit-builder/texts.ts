import { formatCount, formatNumber } from '@prepper/shared/format';

/** The kit builder's texts: they load with its page only. */
export const kitTexts = {
  title: 'Kit Builder',
  lead: 'Tell us who the kit is for and for how long: we work out what your household needs from public preparedness guidance and propose in-stock products that cover it.',
  form: {
    heading: 'Your household',
    who: 'Who is the kit for?',
    adults: 'Adults',
    children: 'Children',
    pets: 'Pets',
    howLong: 'For how long?',
    cover: 'What should it cover?',
    chooseBy: 'Choose products by',
    byPrice: 'Lowest price',
    byRating: 'Best rated',
    submit: 'Build my kit',
  },
  errors: {
    count: (label: string, max: number) => `${label}: enter a whole number from 0 to ${max}.`,
    nobody: 'Add at least one adult or child.',
    noNeeds: 'Choose at least one thing to cover.',
  },
  result: {
    heading: 'Your kit',
    summary: (people: string, duration: string) => `For ${people}, ${duration}.`,
    people: (adults: number, children: number, pets: number) =>
      [
        formatCount(adults, 'adult', 'adults'),
        formatCount(children, 'child', 'children'),
        formatCount(pets, 'pet', 'pets'),
      ].join(', '),
    rule: 'The rule',
    source: 'Source',
    noNeeds: 'Choose who the kit is for and what it should cover to see your kit.',
    gap: (amount: string) => `Gap: ${amount} not covered. No product in stock covers the rest.`,
    noProducts: 'No product in stock covers this yet.',
    each: (price: string) => `${price} each`,
    covers: (amount: string) => `covers ${amount}`,
    personDays: (days: number) => `${formatNumber(days)} person-days per unit`,
    total: 'Kit total',
    itemCount: (count: number) => formatCount(count, 'item', 'items'),
    addToCart: 'Add kit to cart',
    added: (count: number) => `Added ${formatCount(count, 'item', 'items')} to your cart`,
    addFailed: 'The kit could not be added to your cart. Please try again.',
    loading: 'Loading the products for your kit',
    loadFailed: 'The products could not be loaded right now. Please try again.',
    share: 'The address of this page rebuilds this kit: copy it to share it.',
  },
};
