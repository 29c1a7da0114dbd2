import type { FieldErrors } from "~/lib/forms/use-lazy-validation";
import { newsletterSchema } from "~/domain/newsletter/newsletter-schema";

export type NewsletterField = "email" | "favoriteGenre";

/** The sign-up's messages for what the form holds: the same schema the action applies (loaded on first use). */
export function newsletterErrors(formData: FormData): FieldErrors<NewsletterField> {
  const parsed = newsletterSchema.safeParse({
    email: formData.get("email") ?? "",
    favoriteGenre: formData.get("favoriteGenre") ?? "",
  });
  const errors: FieldErrors<NewsletterField> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as NewsletterField;
    errors[field] ??= issue.message;
  }
  return errors;
}
