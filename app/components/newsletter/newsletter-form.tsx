// Placeholder: the newsletter form is being built.
export function NewsletterForm() {
  return null;
}
