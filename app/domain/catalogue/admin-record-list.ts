/** The back office's record list: what its query string may say, for the page, its loader and tRPC alike. */
import { z } from "~/domain/shared/zod";

export const ADMIN_RECORD_SORTS = ["updated", "title", "artist", "price", "stock", "release"] as const;
export const ADMIN_RECORD_STATUSES = ["all", "published", "unpublished", "no-cover"] as const;
export const ADMIN_PAGE_SIZE = 25;

export const adminRecordListSchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  status: z.enum(ADMIN_RECORD_STATUSES).catch("all").default("all"),
  genre: z.string().trim().max(60).optional().catch(undefined),
  sort: z.enum(ADMIN_RECORD_SORTS).catch("updated").default("updated"),
  dir: z.enum(["asc", "desc"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type AdminRecordListQuery = z.input<typeof adminRecordListSchema>;
export type AdminRecordList = z.output<typeof adminRecordListSchema>;
