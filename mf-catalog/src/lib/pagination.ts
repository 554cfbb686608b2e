/** Public products page size. */
export const PAGE_SIZE = 12;
