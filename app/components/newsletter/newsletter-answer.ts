import type { FormReply } from "~/lib/forms/form-reply";

/**
 * What the footer's sign-up answers a script (app/routes/newsletter/subscribe.server.ts): a refusal (FormReply, its
 * toast included), or the sign-up with the code this browser may see. A request that failed has a toast alone.
 */
export interface NewsletterAnswer extends Partial<FormReply> {
  joined?: { already: boolean; discountCode: string | null };
}
