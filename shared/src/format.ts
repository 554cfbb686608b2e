/**
 * `@prepper/shared/format`: how the shop writes counts. A subpath entry each app bundles itself (a few
 * bytes, no singleton version to keep in step).
 */

const plurals = new Intl.PluralRules('en-US');

/**
 * '1 review', '2 reviews', '1,234 products': the count in the shop's number format and the noun in the
 * number English gives it. `one` and `other` are whole phrases when the verb agrees too ('review waits',
 * 'reviews wait').
 */
export function formatCount(count: number, one: string, other: string): string {
  return `${count.toLocaleString('en-US')} ${plurals.select(count) === 'one' ? one : other}`;
}

/** A phone number as a link a phone can call: 'tel:' and its digits (and a leading +). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
