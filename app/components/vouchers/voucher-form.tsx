import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { useMemo, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { CardFields } from "~/components/checkout/card-fields";
import { CheckoutField } from "~/components/checkout/checkout-field";
import { FieldError, FormMessage, SubmitButton } from "~/components/forms";
import { Icon } from "~/components/icons/icon";
import type { ProviderKind } from "~/domain/checkout/checkout-schemas";
import { formatPence } from "~/domain/shared/money";
import { MESSAGE_MAX, RECIPIENT_NAME_MAX, VOUCHER_PRESETS_PENCE } from "~/domain/vouchers/voucher-purchase";
import { voucherFormSchema } from "~/domain/vouchers/voucher-purchase-schema";
import { useSchemaForm } from "~/lib/forms/use-schema-form";

const tile =
  "flex min-h-16 cursor-pointer items-center justify-center rounded-xl border-2 border-stone-300 bg-white px-3 py-3 text-center font-display text-2xl font-bold text-ink transition has-[:checked]:border-needle has-[:checked]:bg-needle/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-needle";

/**
 * Buying a gift voucher: the amounts as big buttons and a pounds box, how it is given (e-mailed on a day, or
 * printed), the buyer's address and the card (or the hosted page). A plain form: without JavaScript the browser
 * posts it as it stands, and the e-mail fields hide for a printed voucher by CSS alone (:has).
 */
export function VoucherForm({
  provider,
  today,
  lastSendDate,
  email,
  idempotencyKey,
  lastResult,
}: {
  provider: ProviderKind;
  today: string;
  lastSendDate: string;
  email: string;
  idempotencyKey: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const paying = navigation.state === "submitting" && navigation.formAction?.startsWith("/gift-vouchers");
  const customRadio = useRef<HTMLInputElement>(null);
  const schema = useMemo(() => voucherFormSchema(today, provider), [today, provider]);
  const [form, fields] = useSchemaForm(schema, {
    id: "gift-voucher",
    lastResult,
    defaultValue: { email, delivery: "email", sendOn: today },
    nativeChecks: false,
  });
  const cardForm = provider === "card-form";
  const custom = getInputProps(fields.customPounds, { type: "text" });
  const sendOn = getInputProps(fields.sendOn, { type: "date" });
  const message = getTextareaProps(fields.message);

  return (
    <Form method="post" action="/gift-vouchers" {...getFormProps(form)} className="group space-y-6">
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <FormMessage id={form.errorId} errors={form.errors} />

      <Section icon="sparkles" title="Choose an amount" id="amount">
        <fieldset>
          <legend className="sr-only">Amount</legend>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {VOUCHER_PRESETS_PENCE.map((pence) => {
              const props = getInputProps(fields.amountChoice, { type: "radio", value: String(pence) });
              return (
                <label key={pence} className={tile}>
                  <input {...props} key={props.key} className="sr-only" />
                  {formatPence(pence).replace(".00", "")}
                </label>
              );
            })}
            <label className={`${tile} text-base`}>
              <input
                ref={customRadio}
                {...getInputProps(fields.amountChoice, { type: "radio", value: "custom" })}
                key="custom"
                className="sr-only"
              />
              Another amount
            </label>
          </div>
          <FieldError id={fields.amountChoice.errorId} errors={fields.amountChoice.errors} />
        </fieldset>
        <label htmlFor={fields.customPounds.id} className="mt-2 block text-sm font-medium text-stone-800">
          Another amount in pounds <span className="font-normal text-stone-500">(£5 to £250, whole pounds)</span>
        </label>
        <div className="mt-1 flex max-w-48 items-center gap-2">
          <span aria-hidden className="text-lg font-semibold">
            £
          </span>
          <input
            {...custom}
            key={custom.key}
            inputMode="numeric"
            autoComplete="off"
            // Typing an amount chooses "Another amount" (the server takes the amount typed without it too).
            onFocus={() => customRadio.current?.click()}
            className={`block w-full rounded-md border bg-white px-3 py-2 text-base shadow-sm focus:border-needle focus:outline-none ${
              fields.customPounds.errors ? "border-red-500" : "border-stone-300"
            }`}
          />
        </div>
        <FieldError id={fields.customPounds.errorId} errors={fields.customPounds.errors} />
      </Section>

      <Section icon="send" title="How to give it" id="delivery">
        <fieldset>
          <legend className="sr-only">Delivery</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <label className={`${tile} flex-col text-base`}>
              <input {...getInputProps(fields.delivery, { type: "radio", value: "email" })} key="email" className="sr-only" />
              E-mail it to someone
              <span className="mt-1 font-sans text-sm font-normal text-stone-600">on the day you choose</span>
            </label>
            <label className={`${tile} flex-col text-base`}>
              <input
                {...getInputProps(fields.delivery, { type: "radio", value: "print" })}
                id="delivery-print"
                key="print"
                className="sr-only"
              />
              Print it yourself
              <span className="mt-1 font-sans text-sm font-normal text-stone-600">its code is shown once, after paying</span>
            </label>
          </div>
          <FieldError id={fields.delivery.errorId} errors={fields.delivery.errors} />
        </fieldset>
        <div className="mt-4 grid gap-x-4 gap-y-2 sm:grid-cols-2">
          <CheckoutField
            label="Their name"
            meta={fields.recipientName}
            autoComplete="off"
            maxLength={RECIPIENT_NAME_MAX}
            hint="Printed on the voucher, or greeted in its e-mail"
          />
          <div className="group-has-[#delivery-print:checked]:hidden">
            <CheckoutField
              label="Their e-mail address"
              meta={fields.recipientEmail}
              type="email"
              inputMode="email"
              autoComplete="off"
              hint="The voucher and its code go here alone"
            />
          </div>
          <div className="group-has-[#delivery-print:checked]:hidden">
            <label htmlFor={fields.sendOn.id} className="block text-sm font-medium text-stone-800">
              Day to send it
            </label>
            <input
              {...sendOn}
              key={sendOn.key}
              min={today}
              max={lastSendDate}
              className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base shadow-sm focus:border-needle focus:outline-none ${
                fields.sendOn.errors ? "border-red-500" : "border-stone-300"
              }`}
            />
            <FieldError id={fields.sendOn.errorId} errors={fields.sendOn.errors} />
          </div>
          <div className="sm:col-span-2">
            <label htmlFor={fields.message.id} className="block text-sm font-medium text-stone-800">
              Your message <span className="font-normal text-stone-500">(optional, up to {MESSAGE_MAX} characters)</span>
            </label>
            <textarea
              {...message}
              key={message.key}
              rows={3}
              maxLength={MESSAGE_MAX}
              className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base shadow-sm focus:border-needle focus:outline-none ${
                fields.message.errors ? "border-red-500" : "border-stone-300"
              }`}
            />
            <FieldError id={fields.message.errorId} errors={fields.message.errors} />
          </div>
        </div>
      </Section>

      <Section icon="credit-card" title="Pay" id="payment">
        <CheckoutField
          label="Your e-mail address"
          meta={fields.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          hint="Your receipt is sent here."
          className="mb-4"
        />
        {cardForm ? (
          <CardFields cardNumber={fields.cardNumber} cardExpiry={fields.cardExpiry} cardCvc={fields.cardCvc} />
        ) : (
          <p className="rounded-lg bg-stone-100 px-4 py-3 text-sm text-stone-700">
            Payment continues on Stripe&rsquo;s secure page. Nothing is charged until you confirm there.
          </p>
        )}
        <p className="mt-3 text-xs text-stone-600">
          No delivery charge. Valid for 24 months, on anything in the shop and its delivery; no VAT is charged on a voucher, it is
          charged on what you buy with it.
        </p>
      </Section>

      <SubmitButton pending={paying}>{paying ? "Paying…" : cardForm ? "Buy gift voucher" : "Continue to payment"}</SubmitButton>
    </Form>
  );
}

function Section({
  icon,
  title,
  id,
  children,
}: {
  icon: "sparkles" | "send" | "credit-card";
  title: string;
  id: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6">
      <h2 id={`${id}-heading`} className="mb-4 flex items-center gap-2 font-display text-xl font-bold">
        <Icon name={icon} className="size-5 text-needle" />
        {title}
      </h2>
      {children}
    </section>
  );
}
