import { getFormProps, getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useEffect, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { ToastNow } from "~/components/toasts";
import { GENRES_A_Z } from "~/domain/catalogue/genres";
import { NEWSLETTER_DISCOUNT_PERCENT } from "~/domain/cart/shipping";
import { newsletterSchema } from "~/domain/newsletter/newsletter-schema";
import { replyFor } from "~/lib/forms/form-reply";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { useHydrated } from "~/lib/use-hydrated";
import type { NewsletterAnswer } from "./newsletter-answer";

/**
 * The footer's newsletter sign-up (spec §4): email and favourite genre. With JavaScript it checks a field as you
 * leave it, submits through a fetcher (button 'Subscribing...', disabled), shows a toast, and on success or
 * already-subscribed resets and shows the discount code until 'Got it!'. Without JavaScript it posts to /newsletter,
 * which redirects back here with the outcome in a toast.
 *
 * Every page has this form, so its code (and the schema library with it) loads after the page: see
 * ./newsletter-sign-up.tsx. The genre list is GENRES A–Z (as /genres lists them), rendered on the server so the select
 * works without JavaScript; GET /api/genres serves the same list.
 */
export default function NewsletterForm() {
  const location = useLocation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<NewsletterAnswer>({ key: "newsletter" });
  const answer = fetcher.data;
  const pending = fetcher.state !== "idle";
  const [panel, setPanel] = useState<{ code: string; already: boolean } | null>(null);
  const [form, fields] = useSchemaForm(newsletterSchema, {
    id: "newsletter",
    lastResult: replyFor(answer),
    // An empty genre, so a reset selects the placeholder again rather than no option at all.
    defaultValue: { favoriteGenre: "" },
    nativeChecks: false,
  });

  // A new answer: show the code (new subscribers, and returning ones the server let see it); a refusal by the shop
  // (not the form's own rules) or a failed request hides an old one.
  useEffect(() => {
    if (!answer) return;
    if (answer.joined?.discountCode) setPanel({ code: answer.joined.discountCode, already: answer.joined.already });
    else if (answer.joined || !answer.result || answer.result.error?.[""]) setPanel(null);
  }, [answer]);

  return (
    <div className="mt-4">
      <ToastNow toast={answer?.toast ?? null} />
      {panel && (
        <div role="status" className="mb-4 rounded-lg bg-white/10 p-4 ring-1 ring-label/60" data-testid="newsletter-code-panel">
          <p className="font-semibold text-white">
            {panel.already ? "Your discount code" : "Welcome aboard! Here's your discount code"}
          </p>
          <p className="mt-2 font-mono text-xl font-bold tracking-widest text-label" data-testid="newsletter-code">
            {panel.code}
          </p>
          <p className="mt-1 text-sm">{NEWSLETTER_DISCOUNT_PERCENT}% off your first order. We've e-mailed it to you as well.</p>
          <button
            type="button"
            onClick={() => setPanel(null)}
            className="mt-3 rounded-full bg-label px-4 py-1.5 text-sm font-semibold text-ink hover:bg-white"
          >
            Got it!
          </button>
        </div>
      )}
      <fetcher.Form
        method="post"
        action="/newsletter"
        {...getFormProps(form)}
        className="space-y-3"
        aria-label="Newsletter sign-up"
      >
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        {hydrated && <input type="hidden" name="js" value="1" />}
        <div>
          <label htmlFor={fields.email.id} className="foot-label">
            Email address
          </label>
          <input
            {...getInputProps(fields.email, { type: "email" })}
            key={fields.email.key}
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            className={fieldClass(fields.email)}
          />
          <FieldMessage meta={fields.email} />
        </div>
        <div>
          <label htmlFor={fields.favoriteGenre.id} className="foot-label">
            Favourite genre
          </label>
          <select
            {...getSelectProps(fields.favoriteGenre)}
            key={fields.favoriteGenre.key}
            className={fieldClass(fields.favoriteGenre)}
          >
            <option value="">Select your favourite genre</option>
            {GENRES_A_Z.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
          <FieldMessage meta={fields.favoriteGenre} />
        </div>
        <button type="submit" disabled={pending} className="foot-btn">
          {pending ? "Subscribing..." : "Subscribe"}
        </button>
      </fetcher.Form>
    </div>
  );
}

const fieldClass = (meta: FieldMetadata<string>) => (meta.errors ? "foot-field foot-field-error" : "foot-field");

function FieldMessage({ meta }: { meta: FieldMetadata<string> }) {
  return (
    <p id={meta.errorId} className="foot-error" aria-live="polite">
      {meta.errors?.[0]}
    </p>
  );
}
