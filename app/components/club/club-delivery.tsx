import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { FormMessage, SubmitButton } from "~/components/forms";
import { clubAddressSchema, type ClubAddress } from "~/domain/club/club-schemas";
import { countryName, UNITED_KINGDOM } from "~/domain/international/countries";
import { formatDateTimeGB } from "~/domain/shared/dates";
import { orderStatusWords, type OrderStatus } from "~/domain/orders/order-status";
import type { FormReply } from "~/lib/forms/form-reply";
import { replyFor } from "~/lib/forms/form-reply";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { ClubAddressFields } from "./club-address-fields";

export interface ClubParcelData {
  month: string;
  orderNumber: string;
  status: OrderStatus;
  shippedAt: string | null;
  tracking: { number: string; url: string } | null;
  records: { title: string; artist: string }[];
}

const monthName = (month: string) =>
  new Date(`${month}-01T12:00:00Z`).toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

/** Where the member's records go, and the form to change it (posted to /profile, with or without JavaScript). */
export function ClubAddressForm({ address, reply }: { address: ClubAddress | null; reply: Partial<FormReply> | undefined }) {
  const busy = useNavigation().formData?.get("intent") === "club-address";
  const [form, fields] = useSchemaForm(clubAddressSchema, {
    id: "club-address",
    lastResult: replyFor(reply, "club-address"),
    defaultValue: address ?? undefined,
    nativeChecks: false,
  });
  return (
    <div className="mt-6" data-testid="club-address">
      <h3 className="font-display text-lg font-bold">Delivery address</h3>
      {address ? (
        <p className="mt-1 text-stone-800">
          {address.name}, {[address.addressLine1, address.addressLine2, address.city].filter(Boolean).join(", ")}{" "}
          {address.postalCode}
          {address.country !== UNITED_KINGDOM.code && `, ${countryName(address.country)}`}
        </p>
      ) : (
        <p role="alert" className="mt-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          We have no delivery address for your club records: please give one below. Your record waits until you do.
        </p>
      )}
      <details className="mt-3 group" open={!address || !!replyFor(reply, "club-address")}>
        <summary className="cursor-pointer text-sm font-semibold text-needle-dark underline underline-offset-2">
          {address ? "Change the delivery address" : "Give a delivery address"}
        </summary>
        <Form method="post" action="/profile" {...getFormProps(form)} className="mt-3 max-w-xl">
          <input type="hidden" name="intent" value="club-address" />
          <FormMessage id={form.errorId} errors={form.errors} />
          <ClubAddressFields fields={fields} />
          <div className="mt-3 sm:max-w-xs">
            <SubmitButton pending={busy}>{busy ? "Saving…" : "Save delivery address"}</SubmitButton>
          </div>
        </Form>
      </details>
    </div>
  );
}

/** The member's club parcels: the records in each, and when and how it was sent. */
export function ClubParcels({ parcels }: { parcels: ClubParcelData[] }) {
  if (parcels.length === 0) return null;
  return (
    <div className="mt-6">
      <h3 className="font-display text-lg font-bold">Your club parcels</h3>
      <ul className="mt-2 divide-y divide-stone-200" data-testid="club-parcels">
        {parcels.map((p) => (
          <li key={p.orderNumber} className="py-3 text-sm" data-testid="club-parcel">
            <p className="font-semibold">
              {monthName(p.month)}: {p.records.map((r) => `${r.title} by ${r.artist}`).join("; ")}
            </p>
            <p className="text-stone-700">
              {p.shippedAt
                ? `Dispatched ${formatDateTimeGB(p.shippedAt)}`
                : p.status === "paid" || p.status === "packed"
                  ? "Being packed"
                  : orderStatusWords(p.status)}
              {p.tracking && (
                <>
                  {" · Royal Mail tracking "}
                  <a
                    href={p.tracking.url}
                    className="font-semibold text-needle-dark underline underline-offset-2"
                    rel="noreferrer"
                  >
                    {p.tracking.number}
                  </a>
                </>
              )}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
