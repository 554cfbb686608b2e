/** Inventory lots (migration 20250101001400_inventory_lots.sql): best-before dates as shoppers and staff read them. */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar date of a 'YYYY-MM-DD' string, or null when it is not a real date (2031-02-30). */
export function parseIsoDate(text: string): { year: number; month: number; day: number } | null {
  const match = ISO_DATE.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return { year, month, day };
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'March 2031' for '2031-03-31' (the shopper gets at least that month); '' for a bad date. */
export function bestBeforeMonth(isoDate: string): string {
  const date = parseIsoDate(isoDate);
  return date ? `${MONTHS[date.month - 1]} ${date.year}` : '';
}

/** The product page's line: 'Best before: at least March 2031'. */
export function bestBeforeText(isoDate: string): string {
  const month = bestBeforeMonth(isoDate);
  return month ? `Best before: at least ${month}` : '';
}

/** The short form: 'BB 03/2031'. */
export function bestBeforeShort(isoDate: string): string {
  const date = parseIsoDate(isoDate);
  return date ? `BB ${String(date.month).padStart(2, '0')}/${date.year}` : '';
}
