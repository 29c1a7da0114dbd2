import { z } from "~/domain/shared/zod";
import { MESSAGE_MAX_LENGTH } from "./answers";

/** GET /api/chat/lookup?q=: a chat message to look records and artists up in. */
export const chatLookupQuerySchema = z.object({
  q: z.string().trim().min(1, "must not be empty").max(MESSAGE_MAX_LENGTH).describe("The shopper's message"),
});
