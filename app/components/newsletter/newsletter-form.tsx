import type { SubmissionResult } from "@conform-to/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { ToastNow } from "~/components/toasts";
import { GENRES_A_Z } from "~/domain/catalogue/genres";
import { NEWSLETTER_DISCOUNT_PERCENT } from "~/domain/cart/shipping";
import { useHydrated } from "~/lib/use-hydrated";
import { useLazyValidation } from "~/lib/forms/use-lazy-validation";
import type { Toast } from "~/domain/shared/toast";
import type { NewsletterField } from "./newsletter-validation";

/** What the footer's sign-up answers (app/routes/newsletter/subscribe.server.ts). */
export interface NewsletterOutcome {
  status: "created" | "already" | "invalid" | "error";
  result: SubmissionResult<string[]> | null;
  discountCode: string | null;
  toast: Toast | null;
}

/**
 * The footer's newsletter sign-up (spec §4): email and favourite genre. With JavaScript it validates as
 * you leave a field (the rules load when the form is first used: every page has this form), submits through a fetcher (button 'Subscribing...', disabled), shows a toast, and on
 * success or already-subscribed resets and shows the discount code until 'Got it!'. Without JavaScript
 * it posts to /newsletter, which redirects back here with the outcome in a toast.
 *
 * The genre list is GENRES A–Z (as /genres lists them), rendered on the server so the select works without JavaScript; GET
 * /api/genres serves the same list.
 */
export function NewsletterForm() {
  const location = useLocation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<NewsletterOutcome>({ key: "newsletter" });
  const outcome = fetcher.data;
  const pending = fetcher.state !== "idle";
  const [panel, setPanel] = useState<{ code: string; already: boolean } | null>(null);

  const formRef = useRef<HTMLFormElement>(null);
  const loadRules = useCallback(() => import("./newsletter-validation").then((m) => m.newsletterErrors), []);
  const send = useCallback((form: HTMLFormElement) => fetcher.submit(form, { method: "post", action: "/newsletter" }), [fetcher]);
  const { errors, setErrors, formProps } = useLazyValidation<NewsletterField>(loadRules, send);

  // The server's answer: its messages on the fields, or a clean form after a sign-up.
  useEffect(() => {
    if (!outcome) return;
    if (outcome.status === "invalid") {
      const sent = outcome.result?.error ?? {};
      setErrors({ email: sent.email?.[0], favoriteGenre: sent.favoriteGenre?.[0] });
    } else if (outcome.status === "created" || outcome.status === "already") {
      formRef.current?.reset();
      setErrors({});
    }
  }, [outcome, setErrors]);

  // A new outcome: show the code (new subscribers, and returning ones the server let see it).
  useEffect(() => {
    if (!outcome) return;
    if ((outcome.status === "created" || outcome.status === "already") && outcome.discountCode) {
      setPanel({ code: outcome.discountCode, already: outcome.status === "already" });
    } else if (outcome.status !== "invalid") {
      setPanel(null);
    }
  }, [outcome]);

  const fieldProps = (name: NewsletterField) => ({
    id: `newsletter-${name}`,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `newsletter-${name}-error` : undefined,
  });

  return (
    <div className="mt-4">
      <ToastNow toast={outcome?.toast ?? null} />
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
        ref={formRef}
        id="newsletter"
        {...formProps}
        noValidate
        className="space-y-3"
        aria-label="Newsletter sign-up"
      >
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        {hydrated && <input type="hidden" name="js" value="1" />}
        <div>
          <label htmlFor="newsletter-email" className="foot-label">
            Email address
          </label>
          <input
            {...fieldProps("email")}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            maxLength={254}
            className={errors.email ? "foot-field foot-field-error" : "foot-field"}
          />
          <p id="newsletter-email-error" className="foot-error" aria-live="polite">
            {errors.email}
          </p>
        </div>
        <div>
          <label htmlFor="newsletter-favoriteGenre" className="foot-label">
            Favourite genre
          </label>
          <select
            {...fieldProps("favoriteGenre")}
            defaultValue=""
            className={errors.favoriteGenre ? "foot-field foot-field-error" : "foot-field"}
          >
            <option value="">Select your favourite genre</option>
            {GENRES_A_Z.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
          <p id="newsletter-favoriteGenre-error" className="foot-error" aria-live="polite">
            {errors.favoriteGenre}
          </p>
        </div>
        <button type="submit" disabled={pending} className="foot-btn">
          {pending ? "Subscribing..." : "Subscribe"}
        </button>
      </fetcher.Form>
    </div>
  );
}
