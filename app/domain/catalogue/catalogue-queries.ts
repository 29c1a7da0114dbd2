/** Reading the catalogue a page at a time, or one record: what GET /api/tracks[/{id}] and tRPC accept. */
import { z } from "~/domain/shared/zod";

export const MAX_PAGE = 100_000;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 24;

/** Query-string text ("2") and numbers (tRPC) alike. */
export const pageQuerySchema = z.object({
  page: z.coerce.number<number>().int().min(1).max(MAX_PAGE).default(1),
  limit: z.coerce.number<number>().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

export const recordIdSchema = z.object({ id: z.coerce.number<number>().int().positive() });
