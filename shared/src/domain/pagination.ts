/** A page button or a gap ('…') in a pagination bar. */
export type PageItem = number | 'gap';

/** Number of pages for a total and a page size: at least 1, so an empty list still has page 1. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** The inclusive, zero-based row range of a 1-based page, as supabase-js `range(from, to)` takes it. */
export function rowRange(page: number, pageSize: number): { from: number; to: number } {
  const from = (Math.max(1, Math.floor(page)) - 1) * pageSize;
  return { from, to: from + pageSize - 1 };
}

/** 'Showing X to Y of Z': the 1-based positions of the first and last item on a page (0 and 0 when empty). */
export function shownRange(page: number, pageSize: number, total: number): { first: number; last: number } {
  if (total <= 0) return { first: 0, last: 0 };
  const { from } = rowRange(page, pageSize);
  return { first: Math.min(from + 1, total), last: Math.min(from + pageSize, total) };
}

/**
 * The page numbers to show: all of them up to 7 pages, otherwise the first, the last and the
 * neighbours of the current page (five numbers near either end), with gaps between.
 */
export function pageItems(current: number, pages: number): PageItem[] {
  if (pages <= 7) return Array.from({ length: Math.max(pages, 0) }, (_, index) => index + 1);
  const page = Math.min(Math.max(1, current), pages);
  const start = Math.max(2, Math.min(page - 1, pages - 4));
  const end = Math.min(pages - 1, Math.max(page + 1, 5));
  const items: PageItem[] = [1];
  if (start > 2) items.push('gap');
  for (let number = start; number <= end; number += 1) items.push(number);
  if (end < pages - 1) items.push('gap');
  items.push(pages);
  return items;
}
