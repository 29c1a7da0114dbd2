import { z } from "~/domain/shared/zod";
import { MAX_SEARCH_CHARS } from "./search-rules";

/**
 * What GET /api/search and the header's tRPC call accept: the text, at most MAX_SEARCH_CHARS. Fewer than two
 * non-space characters is not an error: it finds nothing (the box never asks then; a client that does gets []).
 */
export const searchQuerySchema = z.object({
  q: z
    .string()
    .max(MAX_SEARCH_CHARS, `at most ${MAX_SEARCH_CHARS} characters`)
    .default("")
    .describe("Search text; fewer than 2 non-space characters find nothing"),
});
