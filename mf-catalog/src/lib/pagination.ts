/** Public products page size (SPEC section 9). */
export const PAGE_SIZE = 12;

export function totalPages(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** The inclusive row range of a 1-based page, as PostgREST's range() takes it. */
export function pageRange(page: number, pageSize = PAGE_SIZE): { from: number; to: number } {
  const from = (Math.max(1, Math.floor(page)) - 1) * pageSize;
  return { from, to: from + pageSize - 1 };
}

/** 'Showing 13–24 of 30': the 1-based positions of the first and last item on the page. */
export function shownRange(
  page: number,
  total: number,
  pageSize = PAGE_SIZE,
): { first: number; last: number } {
  if (total <= 0) return { first: 0, last: 0 };
  const { from } = pageRange(page, pageSize);
  return { first: Math.min(from + 1, total), last: Math.min(from + pageSize, total) };
}

export type PageItem = number | 'gap';

/**
 * The page numbers to show: all of them up to 7 pages, otherwise the first, the last and the
 * neighbours of the current page, with gaps between.
 */
export function pageItems(current: number, pages: number): PageItem[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, index) => index + 1);
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
