/** The token a mailed link's page posts back (newsletter, cart reminders, record alerts): the service checks it. */
import { z } from "./zod";

const INVALID_LINK = "This link is invalid or has expired.";

export const mailedLinkSchema = z.object({
  token: z.string({ error: INVALID_LINK }).trim().min(1, INVALID_LINK).max(200, INVALID_LINK),
});
