/**
 * `@prepper/shared/format`: how the shop writes counts. A subpath entry each app bundles itself (a few
 * bytes, no singleton version to keep in step).
 */

/**
 * '1,234', '1,234.5': a count or an amount already rounded to at most three decimals, as the shop writes
 * numbers (US English: a comma between thousands). It gives what `toLocaleString('en-US')` gives for
 * such numbers, without `Intl`: a page's first use of `Intl` loads its locale data, about 250 ms of a slow
 * phone's main thread while the page hydrates (issue 26: total blocking time). The unit test holds it to
 * `Intl`'s answers.
 */
export function formatNumber(value: number): string {
  return String(value).replace(/^-?\d+/, (whole) => whole.replace(/\B(?=(\d{3})+$)/g, ','));
}

/**
 * '1 review', '2 reviews', '1,234 products': the count in the shop's number format and the noun in the
 * number English gives it (the singular for exactly one). `one` and `other` are whole phrases when the
 * verb agrees too ('review waits', 'reviews wait').
 */
export function formatCount(count: number, one: string, other: string): string {
  return `${formatNumber(count)} ${count === 1 ? one : other}`;
}

/** A phone number as a link a phone can call: 'tel:' and its digits (and a leading +). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
