// The back office's product search (the list and the CSV export of the filtered list) as PostgREST filters.

/** `%term%` for ilike, with the user's own % and _ matched literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A value inside PostgREST's or=(…): in double quotes, with " and \ escaped. */
const quoted = (value: string) => `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`;

/**
 * The list's search (and the export's) as one or-condition: the name contains the term (any case), or
 * the SKU is the term in any case (RS-000123 is found as rs-000123 or Rs-000123): an exact match on the
 * computed field sku_lower, which the SKU's unique index on lower(sku) answers.
 */
export function productSearchCondition(term: string): string {
  return `name.ilike.${quoted(containsPattern(term))},sku_lower.eq.${quoted(term.toLowerCase())}`;
}
