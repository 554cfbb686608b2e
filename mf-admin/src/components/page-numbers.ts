/** A page button or a gap ('…') in a pagination bar. */
export type PageItem = number | 'gap';

/**
 * The page numbers to show for `current` of `total` pages: all of them up to seven, otherwise the
 * first, the last and the neighbours of the current page with gaps in between.
 */
export function pageNumbers(current: number, total: number): PageItem[] {
  if (total <= 7) return Array.from({ length: Math.max(total, 0) }, (_, index) => index + 1);
  const pages = new Set([1, total, current - 1, current, current + 1]);
  const sorted = [...pages].filter((page) => page >= 1 && page <= total).sort((a, b) => a - b);
  const items: PageItem[] = [];
  for (const page of sorted) {
    const previous = items[items.length - 1];
    if (typeof previous === 'number' && page - previous > 1)
      items.push(page - previous === 2 ? previous + 1 : 'gap');
    items.push(page);
  }
  return items;
}

/** Number of pages for a total and a page size (at least 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The 1-based first and last row numbers shown on a page ('Showing X to Y of Z results'). */
export function pageRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from, to: Math.min(page * pageSize, total) };
}
