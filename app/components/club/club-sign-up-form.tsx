import { getFormProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { useMemo } from "react";
import { Icon } from "~/components/icons/icon";
import { Form, useNavigation } from "react-router";
import { CardFields } from "~/components/checkout/card-fields";
import type { ClubAddress } from "~/domain/club/club-schemas";
import { ClubAddressFields } from "./club-address-fields";
import { FieldError, SubmitButton } from "~/components/forms";
import { GENRES } from "~/domain/catalogue/genres";
import { clubPlanChoiceSchema, clubSignUpSchema } from "~/domain/club/club-schemas";
import { CLUB_DELIVERY_TEXT, CLUB_PLANS, planVatPence, shownPlanPrices } from "~/domain/club/plans";
import { formatPence } from "~/domain/shared/money";
import { useSchemaForm } from "~/lib/forms/use-schema-form";

const SORTED_GENRES = [...GENRES].sort((a, b) => a.localeCompare(b, "en-GB"));

/**
 * The /subscribe form: plan, favourite genre and the card (test card form), posted to the page's action.
 * With `onProviderPage` (Stripe) there are no card fields: the member pays on the provider's page.
 */
export function ClubSignUpForm({
  today,
  lastResult,
  onProviderPage = false,
  address,
}: {
  today: string;
  lastResult: SubmissionResult<string[]> | undefined;
  onProviderPage?: boolean;
  /** The account's saved address, to start from. */
  address: Partial<ClubAddress>;
}) {
  const navigation = useNavigation();
  const joining = navigation.state !== "idle" && navigation.formAction === "/subscribe";
  // The fields are the card form's; without card fields on the page, only plan and genre are checked.
  const schema = useMemo(
    () => (onProviderPage ? clubPlanChoiceSchema : clubSignUpSchema(today)) as ReturnType<typeof clubSignUpSchema>,
    [onProviderPage, today],
  );
  const [form, fields] = useSchemaForm(schema, {
    id: "club-sign-up",
    lastResult,
    defaultValue: { plan: "one-lp", ...address },
    nativeChecks: false,
  });
  const chosenPlan = fields.plan.value ?? "one-lp";
  return (
    <Form method="post" action="/subscribe" {...getFormProps(form)} className="space-y-6">
      {/* Joining binds the price shown: a plan whose price changed since is not charged. */}
      <input type="hidden" name="shownPrices" value={shownPlanPrices(CLUB_PLANS)} />
      {form.errors && (
        <p id={form.errorId} role="alert" className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
          {form.errors[0]}
        </p>
      )}
      <fieldset className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6">
        <legend className="sr-only">Choose a plan</legend>
        <h2 className="mb-4 flex items-center gap-2 font-display text-xl font-bold" aria-hidden>
          <Icon name="disc" className="size-5 text-needle" /> Choose a plan
        </h2>
        <div className="grid gap-3 sm:grid-cols-2">
          {CLUB_PLANS.map((plan) => (
            <label
              key={plan.id}
              className="flex cursor-pointer flex-col gap-1 rounded-xl border-2 border-stone-200 p-4 has-[:checked]:border-ink has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-needle"
            >
              <span className="flex items-center gap-2">
                <input
                  type="radio"
                  name={fields.plan.name}
                  value={plan.id}
                  defaultChecked={chosenPlan === plan.id}
                  className="accent-needle"
                  aria-describedby={`plan-${plan.id}-price`}
                />
                <span className="font-semibold">{plan.name}</span>
              </span>
              <span id={`plan-${plan.id}-price`} className="text-2xl font-bold">
                {formatPence(plan.pricePence)}
                <span className="text-base font-normal text-stone-600"> a month</span>
              </span>
              <span className="text-sm text-stone-600">Includes VAT ({formatPence(planVatPence(plan))}) and delivery.</span>
              <span className="text-sm text-stone-700">{plan.blurb}</span>
            </label>
          ))}
        </div>
        <p className="mt-3 text-sm text-stone-600">{CLUB_DELIVERY_TEXT}. Pause, skip a month or cancel from your profile.</p>
        <FieldError id={fields.plan.errorId} errors={fields.plan.errors} />
        <div className="mt-2 sm:max-w-xs">
          <label htmlFor={fields.favouriteGenre.id} className="block text-sm font-medium text-stone-800">
            Favourite genre
          </label>
          <select
            {...getSelectProps(fields.favouriteGenre)}
            key={fields.favouriteGenre.key}
            className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base shadow-sm ${
              fields.favouriteGenre.errors ? "border-red-500" : "border-stone-300"
            }`}
          >
            <option value="">Choose a genre</option>
            {SORTED_GENRES.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
          <FieldError id={fields.favouriteGenre.errorId} errors={fields.favouriteGenre.errors} />
        </div>
      </fieldset>

      <section aria-labelledby="club-address-heading" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6">
        <h2 id="club-address-heading" className="mb-4 flex items-center gap-2 font-display text-xl font-bold">
          <Icon name="truck" className="size-5 text-needle" /> Delivery address
        </h2>
        <ClubAddressFields fields={fields} />
      </section>

      <section aria-labelledby="club-payment-heading" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6">
        <h2 id="club-payment-heading" className="mb-4 flex items-center gap-2 font-display text-xl font-bold">
          <Icon name="credit-card" className="size-5 text-needle" /> Payment
        </h2>
        {onProviderPage ? (
          <p className="text-sm text-stone-700" data-testid="club-provider-page">
            You enter your card on Stripe&rsquo;s secure payment page next.
          </p>
        ) : (
          <CardFields cardNumber={fields.cardNumber} cardExpiry={fields.cardExpiry} cardCvc={fields.cardCvc} />
        )}
        <p className="mt-2 text-sm text-stone-600">
          The first month is taken today; then the same amount on the same day each month until you cancel.
        </p>
      </section>

      <div className="space-y-2">
        <SubmitButton pending={joining}>
          {joining ? "Joining…" : onProviderPage ? "Continue to payment" : "Join the record club"}
        </SubmitButton>
        <p className="flex items-center justify-center gap-1.5 text-xs text-stone-600">
          <Icon name="lock" className="size-3.5" />
          {onProviderPage
            ? "Your card goes to Stripe only; we never see its number."
            : "Card details go to the payment provider only; we keep a token, never the number."}
        </p>
      </div>
    </Form>
  );
}
