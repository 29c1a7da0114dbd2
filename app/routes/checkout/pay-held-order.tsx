import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { CardFields } from "~/components/checkout/card-fields";
import { SubmitButton } from "~/components/forms";
import { payHeldOrderSchema } from "~/domain/pre-orders/pay-link-schemas";
import { formatDateTimeGB } from "~/domain/shared/dates";
import { formatPence } from "~/domain/shared/money";
import { replyFor } from "~/lib/forms/form-reply";
import { formAction } from "~/lib/forms/form-action.server";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { pageMeta } from "~/lib/seo";
import { payHeldOrderIntents } from "./pay-held-order.server";
import type { Route } from "./+types/pay-held-order";

/**
 * The link mailed after a pre-order's dispatch charge was declined: the order, until when its copy is held, and
 * another card to pay with (the test card form, or the hosted payment page). Works without JavaScript.
 */
export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Pay for your pre-order", description: "Pay for your Needledrop pre-order with another card." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, params, url }: Route.LoaderArgs) {
  const orderNumber = params.orderNumber.slice(0, 40);
  if (url.searchParams.get("paid") === "1") return { state: "paid" as const, orderNumber };
  const token = (url.searchParams.get("token") ?? "").slice(0, 64);
  const link = token ? context.services.preOrderCharges.payLink(orderNumber, token) : null;
  if (!link) return { state: "closed" as const, orderNumber };
  const { order } = link;
  return {
    state: "open" as const,
    orderNumber,
    token,
    today: context.today,
    onProviderPage: context.services.checkout.provider.kind === "redirect",
    holdUntil: link.holdUntil,
    declineMessage: link.declineMessage,
    amountPence: order.totals.amountDuePence,
    lines: order.lines.map((l) => ({ key: l.recordId, text: `${l.quantity} × ${l.artist} – ${l.title}` })),
  };
}

export const action = ({ context, request, params }: Route.ActionArgs) =>
  formAction(request, payHeldOrderIntents(context, params.orderNumber.slice(0, 40)));

export default function PayHeldOrder({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-10 lg:px-8">
      <h1 className="font-display text-3xl font-bold">Pay for your pre-order</h1>
      {loaderData.state === "paid" && (
        <p className="mt-4 rounded-lg bg-green-50 px-4 py-3 text-green-950 ring-1 ring-green-200" role="status">
          Thank you: order <strong className="font-mono">{loaderData.orderNumber}</strong> is paid and on its way to being packed.
          We will e-mail you the tracking link when it ships.
        </p>
      )}
      {loaderData.state === "closed" && (
        <p className="mt-4 text-stone-700">
          This payment link has expired or was already used. If you still want order{" "}
          <strong className="font-mono">{loaderData.orderNumber}</strong>, please reply to our e-mail.
        </p>
      )}
      {loaderData.state === "open" && <OpenLink page={loaderData} reply={replyFor(actionData)} />}
    </div>
  );
}

type OpenPage = Extract<Route.ComponentProps["loaderData"], { state: "open" }>;

function OpenLink({ page, reply }: { page: OpenPage; reply: ReturnType<typeof replyFor> }) {
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(payHeldOrderSchema(page.today), {
    id: "pay-held-order",
    lastResult: reply,
    defaultValue: { token: page.token },
    nativeChecks: false,
  });
  return (
    <>
      <p className="mt-3 text-stone-700">
        Your saved card was declined when order <strong className="font-mono">{page.orderNumber}</strong> was ready to ship.
        Nothing has been charged. We are holding your copy until <strong>{formatDateTimeGB(page.holdUntil)}</strong>.
      </p>
      <ul className="mt-4 list-disc pl-5 text-stone-800">
        {page.lines.map((l) => (
          <li key={l.key}>{l.text}</li>
        ))}
      </ul>
      <p className="mt-2 font-semibold">To pay: {formatPence(page.amountPence)}</p>
      <Form method="post" {...(page.onProviderPage ? {} : getFormProps(form))} className="mt-6 space-y-4">
        <input type="hidden" name="token" value={page.token} />
        {form.errors && !page.onProviderPage && (
          <p id={form.errorId} role="alert" className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
            {form.errors[0]}
          </p>
        )}
        {!page.onProviderPage && (
          <CardFields cardNumber={fields.cardNumber} cardExpiry={fields.cardExpiry} cardCvc={fields.cardCvc} />
        )}
        <SubmitButton pending={navigation.state !== "idle"}>
          {page.onProviderPage ? "Pay on the secure payment page" : `Pay ${formatPence(page.amountPence)}`}
        </SubmitButton>
      </Form>
    </>
  );
}
