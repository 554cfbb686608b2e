/** Public products page size (SPEC section 9). */
export const PAGE_SIZE = 12;
