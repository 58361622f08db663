import { z } from 'zod';

/** The most rows a console list sends a page. */
export const PAGE_LIMIT_MAX = 200;

/**
 * A page of a long list in the query: `page` counts from 1 and `limit` is the rows a page (50 unless
 * given); anything else (0, a negative, a fraction, a word, more than the maximum) is refused with 400.
 */
export const pageQueryShape = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(50),
};

/** What a page of a list says of itself: which page, its size, and how many rows the whole list has. */
export const pageShape = {
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
};

/** The offset of the first row of a page. */
export const offsetOf = (paging: { page: number; limit: number }) => (paging.page - 1) * paging.limit;
