import { lazy, memo } from "react";
import { LaterPart } from "~/components/later-part";

// The form's code, Conform and the schema library load after the page: the footer is on every page.
const NewsletterForm = lazy(() => import("./newsletter-form"));

/** The footer's sign-up (./newsletter-form.tsx), hydrated when its code arrives; without props, so it never re-renders. */
export const NewsletterSignUp = memo(function NewsletterSignUp() {
  return (
    <LaterPart>
      <NewsletterForm />
    </LaterPart>
  );
});
