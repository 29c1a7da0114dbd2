import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Icon } from "~/components/icons/icon";
import { useMemo, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { FieldError, SubmitButton } from "~/components/forms";
import { formatPence } from "~/domain/shared/money";
import {
  APPLY_INTENT,
  applyCodeSchema,
  checkoutDetailsSchema,
  checkoutSchemaFor,
  removeVoucherIntent,
  type checkoutWithCardSchema,
  type ProviderKind,
} from "~/domain/checkout/checkout-schemas";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { CardFields } from "./card-fields";
import { CheckoutField } from "./checkout-field";
import { useCheckoutStorage } from "~/lib/use-checkout-storage";
import { z } from "~/domain/shared/zod";
import { MAX_VOUCHERS_PER_ORDER } from "~/domain/vouchers/voucher-codes";
import { AppliedVouchers, type AppliedVoucher } from "./applied-vouchers";
import { deliveryWishSchema, UPDATE_DELIVERY_INTENT } from "~/domain/checkout/delivery-wish";
import { postcodeHint } from "~/domain/international/postcodes";
import { CountrySelect, DeliveryChoices, VatNotice, type PricedDeliveryView } from "./delivery-fields";

export const CHECKOUT_FORM_ID = "checkout";

export interface CheckoutDefaults {
  email: string;
  name: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  postalCode: string;
  phone: string;
  discountCode: string;
}

/** Every field the form may send: the card ones only with the card-form provider, whose schema has them. */
type CheckoutSchema = ReturnType<typeof checkoutWithCardSchema>;

/** The Apply and Remove buttons check the code alone (or nothing): the rest of the form may still be half filled. */
const BUTTONS = {
  [APPLY_INTENT]: applyCodeSchema,
  [UPDATE_DELIVERY_INTENT]: deliveryWishSchema,
  ...Object.fromEntries(Array.from({ length: MAX_VOUCHERS_PER_ORDER }, (_, i) => [removeVoucherIntent(i), z.object({})])),
};

export interface DiscountNote {
  code: string;
  ok: boolean;
  message: string;
}

export function CheckoutForm({
  provider,
  today,
  defaults,
  idempotencyKey,
  pricedCode,
  totalPence,
  vouchers,
  quote,
  discount,
  delivery,
  lastResult,
}: {
  provider: ProviderKind;
  today: string;
  defaults: CheckoutDefaults;
  idempotencyKey: string;
  /** The code the total beside the form includes ("" for none). */
  pricedCode: string;
  totalPence: number;
  /** The gift vouchers applied (carried on by this form's hidden fields), what they pay and what is left to pay. */
  vouchers: { vouchers: readonly AppliedVoucher[]; refused: readonly string[]; voucherPence: number; amountDuePence: number };
  /** What the total is made of (price-quote.ts): sent with Pay so a change since can be explained. */
  quote: string;
  discount: DiscountNote | null;
  /** The country and service the summary was priced for, with the choices there. */
  delivery: PricedDeliveryView;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/checkout");
  const applying = submitting && navigation.formData?.get("intent") === APPLY_INTENT;
  const updating = submitting && navigation.formData?.get("intent") === UPDATE_DELIVERY_INTENT;
  const paying = submitting && !applying && !updating;
  const applyButton = useRef<HTMLButtonElement>(null);
  // Vouchers that pay for everything leave no card to take: no card fields then.
  const covered = vouchers.vouchers.length > 0 && vouchers.amountDuePence === 0;
  const schema = useMemo(
    () => (covered ? checkoutDetailsSchema : checkoutSchemaFor(provider, today)) as CheckoutSchema,
    [covered, provider, today],
  );
  const [form, fields] = useSchemaForm(schema, {
    id: CHECKOUT_FORM_ID,
    lastResult,
    defaultValue: defaults,
    nativeChecks: false,
    intents: BUTTONS,
  });
  const saveAsTyped = useCheckoutStorage(form.id, (name, value) => form.update({ name, value }));

  const cardForm = provider === "card-form" && !covered;
  const dueText = formatPence(vouchers.amountDuePence);
  const codeProps = getInputProps(fields.discountCode, { type: "text" });
  const codeNote = fields.discountCode.errors ? null : discount;
  const postcode = postcodeHint(delivery.countryCode);
  const chosen = delivery.choices.find((c) => c.service === delivery.service);
  // The carrier needs a phone number for a tracked parcel abroad (the order service refuses one without).
  const phoneNeeded = delivery.zone !== "uk" && chosen?.tracked === true;

  return (
    <Form method="post" action="/checkout" {...getFormProps(form)} onInput={saveAsTyped} className="space-y-6">
      {/* Enter in any field pays: the first submit button of a form is the one implicit submission presses. */}
      <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <input type="hidden" name="pricedCode" value={pricedCode} />
      {/* The order binds the total on the Pay button: a different total at Pay places nothing. */}
      <input type="hidden" name="expectedTotalPence" value={totalPence} />
      {/* …and what the card pays after the gift vouchers: a voucher spent elsewhere meanwhile places nothing. */}
      <input type="hidden" name="expectedAmountDuePence" value={vouchers.amountDuePence} />
      {/* The vouchers travel with the form, never in the session or a cookie (docs/decisions/0072). */}
      {vouchers.vouchers.map((v) => (
        <input key={v.code} type="hidden" name="voucherCodes" value={v.code} />
      ))}
      <input type="hidden" name="pricedQuote" value={quote} />
      {fields.idempotencyKey.errors && (
        <p
          id={fields.idempotencyKey.errorId}
          role="alert"
          className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900"
        >
          {fields.idempotencyKey.errors[0]}
        </p>
      )}

      <Section icon={<Icon name="user-round" className="size-5" />} title="Contact" id="contact">
        <CheckoutField
          label="Email"
          meta={fields.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          hint="Your order confirmation is sent here."
        />
        <p className="mt-2 text-xs text-stone-500" data-testid="reminder-note">
          If you leave without ordering, we may send one reminder of your cart to this address. Each reminder has a link to stop
          them.
        </p>
      </Section>

      <Section icon={<Icon name="truck" className="size-5" />} title="Delivery address" id="delivery">
        <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <CountrySelect
              delivery={delivery}
              errorId={fields.country.errorId}
              errors={fields.country.errors}
              updating={updating}
            />
          </div>
          <CheckoutField label="Full name" meta={fields.name} autoComplete="shipping name" className="sm:col-span-2" />
          <CheckoutField
            label="Address line 1"
            meta={fields.addressLine1}
            autoComplete="shipping address-line1"
            className="sm:col-span-2"
          />
          <CheckoutField
            label="Address line 2"
            meta={fields.addressLine2}
            autoComplete="shipping address-line2"
            optional
            className="sm:col-span-2"
          />
          <CheckoutField label="Town or city" meta={fields.city} autoComplete="shipping address-level2" />
          <CheckoutField
            label="Postcode"
            meta={fields.postalCode}
            autoComplete="shipping postal-code"
            maxLength={12}
            optional={postcode.optional}
            hint={postcode.example ? `For example ${postcode.example}` : "Leave it blank if the address has none."}
          />
          <CheckoutField
            label="Phone"
            meta={fields.phone}
            type="tel"
            autoComplete="shipping tel"
            inputMode="tel"
            optional={!phoneNeeded}
            hint="Needed for tracked delivery abroad: the carrier may text or call about the parcel."
            className="sm:col-span-2"
          />
        </div>
      </Section>

      <Section icon={<Icon name="send" className="size-5" />} title="Delivery" id="delivery-service">
        <DeliveryChoices delivery={delivery} errorId={fields.deliveryService.errorId} errors={fields.deliveryService.errors} />
      </Section>

      <Section icon={<Icon name="tag" className="size-5" />} title="Discount or gift voucher" id="discount">
        <label htmlFor={fields.discountCode.id} className="block text-sm font-medium text-stone-800">
          Discount or gift voucher code <span className="font-normal text-stone-500">(optional)</span>
        </label>
        <div className="mt-1 flex gap-2">
          <input
            {...codeProps}
            key={codeProps.key}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            onKeyDown={(e) => {
              // Enter in this field applies the code rather than paying.
              if (e.key === "Enter") {
                e.preventDefault();
                applyButton.current?.click();
              }
            }}
            className={`block w-full min-w-0 rounded-md border bg-white px-3 py-2 text-base uppercase shadow-sm focus:border-needle focus:outline-none ${
              fields.discountCode.errors ? "border-red-500" : "border-stone-300"
            }`}
          />
          <button
            ref={applyButton}
            type="submit"
            name="intent"
            value={APPLY_INTENT}
            formNoValidate
            disabled={applying}
            className="shrink-0 rounded-full border border-ink px-5 py-2 text-sm font-semibold text-ink transition hover:bg-ink hover:text-white disabled:opacity-60"
          >
            {applying ? "Applying…" : "Apply"}
          </button>
        </div>
        {codeNote ? (
          <p className={`mt-1 text-sm ${codeNote.ok ? "text-emerald-800" : "text-amber-800"}`} role="status">
            {codeNote.ok ? `${codeNote.code} applied: ${codeNote.message}` : `${codeNote.code}: ${codeNote.message}`}
          </p>
        ) : (
          <FieldError id={fields.discountCode.errorId} errors={fields.discountCode.errors} />
        )}
        <AppliedVouchers vouchers={vouchers.vouchers} refused={[...vouchers.refused, ...(fields.voucherCodes.errors ?? [])]} />
      </Section>

      <Section icon={<Icon name="credit-card" className="size-5" />} title="Payment" id="payment">
        {covered ? (
          <p className="rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900" data-testid="paid-by-vouchers">
            Your gift vouchers pay for the whole order: no card is needed.
          </p>
        ) : cardForm ? (
          <>
            {vouchers.voucherPence > 0 && (
              <p className="mb-3 text-sm text-stone-700">
                Your gift vouchers pay {formatPence(vouchers.voucherPence)}; the card pays the rest, {dueText}.
              </p>
            )}
            <CardFields cardNumber={fields.cardNumber} cardExpiry={fields.cardExpiry} cardCvc={fields.cardCvc} />
          </>
        ) : (
          <p className="rounded-lg bg-stone-100 px-4 py-3 text-sm text-stone-700">
            Payment continues on Stripe&rsquo;s secure page. Nothing is charged until you confirm there.
          </p>
        )}
      </Section>

      <div className="space-y-2">
        <VatNotice notice={delivery.vatNotice} />
        {delivery.service !== null && (
          <SubmitButton pending={paying}>
            {paying
              ? cardForm || covered
                ? "Paying…"
                : "Continuing…"
              : covered
                ? "Place order, paid by gift voucher"
                : cardForm
                  ? `Pay ${dueText}`
                  : "Continue to payment"}
          </SubmitButton>
        )}
        <p className="flex items-center justify-center gap-1.5 text-xs text-stone-600">
          <Icon name="lock" className="size-3.5" />
          {covered
            ? "Nothing is charged to a card."
            : cardForm
              ? "Card details go to the payment provider only; we never store them."
              : "You will be sent to Stripe to pay securely."}
        </p>
      </div>
    </Form>
  );
}

function Section({ icon, title, id, children }: { icon: React.ReactNode; title: string; id: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6">
      <h2 id={`${id}-heading`} className="mb-4 flex items-center gap-2 font-display text-xl font-bold">
        <span className="text-needle">{icon}</span>
        {title}
      </h2>
      {children}
    </section>
  );
}
