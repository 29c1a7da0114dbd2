import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { ToastNow } from "~/components/toasts";
import { GENRES_A_Z } from "~/domain/catalogue/genres";
import { NEWSLETTER_DISCOUNT_PERCENT } from "~/domain/cart/shipping";
import { useHydrated } from "~/lib/use-hydrated";
import { newsletterSchema } from "~/domain/newsletter/newsletter-schema";
import type { Toast } from "~/domain/shared/toast";

/** What the footer's sign-up answers (app/routes/newsletter/subscribe.server.ts). */
export interface NewsletterOutcome {
  status: "created" | "already" | "invalid" | "error";
  result: SubmissionResult<string[]> | null;
  discountCode: string | null;
  toast: Toast | null;
}

/**
 * The footer's newsletter sign-up (spec §4): email and favourite genre. With JavaScript it validates as
 * you leave a field, submits through a fetcher (button 'Subscribing...', disabled), shows a toast, and on
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

  const [form, fields] = useForm({
    id: "newsletter",
    lastResult: outcome?.result ?? undefined,
    // Empty defaults, so a reset selects the placeholder option (without one Conform leaves no option selected).
    defaultValue: { email: "", favoriteGenre: "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newsletterSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  // A new outcome: show the code (new subscribers, and returning ones the server let see it).
  useEffect(() => {
    if (!outcome) return;
    if ((outcome.status === "created" || outcome.status === "already") && outcome.discountCode) {
      setPanel({ code: outcome.discountCode, already: outcome.status === "already" });
    } else if (outcome.status !== "invalid") {
      setPanel(null);
    }
  }, [outcome]);

  const email = getInputProps(fields.email, { type: "email" });
  const genre = getSelectProps(fields.favoriteGenre);
  const input =
    "mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base text-ink shadow-sm focus:border-needle focus:outline-none";

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
        {...getFormProps(form)}
        noValidate
        className="space-y-3"
        aria-label="Newsletter sign-up"
      >
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        {hydrated && <input type="hidden" name="js" value="1" />}
        <div>
          <label htmlFor={fields.email.id} className="block text-sm font-medium text-stone-200">
            Email address
          </label>
          <input
            {...email}
            key={email.key}
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            maxLength={254}
            className={`${input} ${fields.email.errors ? "border-red-500" : "border-stone-300"}`}
          />
          <p id={fields.email.errorId} className="mt-1 text-sm text-red-300 empty:hidden" aria-live="polite">
            {fields.email.errors?.[0]}
          </p>
        </div>
        <div>
          <label htmlFor={fields.favoriteGenre.id} className="block text-sm font-medium text-stone-200">
            Favourite genre
          </label>
          <select
            {...genre}
            key={genre.key}
            className={`${input} ${fields.favoriteGenre.errors ? "border-red-500" : "border-stone-300"}`}
          >
            <option value="">Select your favourite genre</option>
            {GENRES_A_Z.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
          <p id={fields.favoriteGenre.errorId} className="mt-1 text-sm text-red-300 empty:hidden" aria-live="polite">
            {fields.favoriteGenre.errors?.[0]}
          </p>
        </div>
        <button
          type="submit"
          disabled={pending}
          className="w-full rounded-full bg-needle px-6 py-2.5 font-semibold text-white transition hover:bg-needle-dark disabled:cursor-wait disabled:opacity-70"
        >
          {pending ? "Subscribing..." : "Subscribe"}
        </button>
      </fetcher.Form>
    </div>
  );
}
