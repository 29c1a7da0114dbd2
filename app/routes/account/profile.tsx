import { getFormProps } from "@conform-to/react";
import { Form, useNavigation, Link, type ShouldRevalidateFunction } from "react-router";
import { MembershipPanel } from "~/components/club/membership-panel";
import { ClubAddressForm, ClubParcels } from "~/components/club/club-delivery";
import { WantList } from "~/components/wants/want-list";
import { OrderHistory } from "~/components/checkout/order-history";
import { VoucherList } from "~/components/account/voucher-list";
import { Field, FieldError, FormMessage, SubmitButton } from "~/components/forms";
import { ToastNow } from "~/components/toasts";
import { GENRES_A_Z } from "~/domain/catalogue/genres";
import { changePasswordFormSchema } from "~/domain/accounts/auth-schemas";
import { profileFormSchema } from "~/domain/accounts/profile-schemas";
import { formAction } from "~/lib/forms/form-action.server";
import { replyFor } from "~/lib/forms/form-reply";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { requireUser } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import { profileIntents } from "./profile.server";
import { sessionListFor } from "./sessions.server";
import { SessionList } from "~/components/account/session-list";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Your profile", description: "Your Needledrop account details." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { returns } = context.services;
  const placed = context.services.orders.listForUser(user.id);
  const returnable = returns.returnableOrders(
    user.id,
    placed.map((o) => o.orderNumber),
    context.today,
  );
  const started = returns.listForUser(user.id);
  const orders = placed.map((o) => ({
    orderNumber: o.orderNumber,
    placedOn: o.placedOn,
    status: o.status,
    itemCount: o.totals.itemCount,
    totalPence: o.totals.totalPence,
    tracking: o.tracking,
    returnable: returnable.has(o.orderNumber),
    returns: started
      .filter((r) => r.orderNumber === o.orderNumber)
      .map((r) => ({ returnNumber: r.returnNumber, statusWords: r.statusWords })),
  }));
  const membership = context.services.club.membership(user.id, { today: context.today });
  const clubParcels = context.services.club.parcelsOf(user.id);
  const wants = context.services.wants.listForUser(user);
  const vouchers = context.services.customerVouchers.list(user.id, context.today);
  const twoFactorOn = context.services.twoFactor.isEnabled(user.id);
  return {
    user,
    orders,
    membership,
    clubParcels,
    wants,
    vouchers,
    today: context.today,
    twoFactorOn,
    sessions: sessionListFor(context, user.id),
  };
}

// A refused post (a club button on a stale page) still shows the page as it is now.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" || defaultShouldRevalidate;

export function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  return formAction(request, profileIntents(context, user));
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { user, orders, membership, clubParcels, wants, vouchers, today, twoFactorOn } = loaderData;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.formData?.get("intent") === intent;
  const [profileForm, p] = useSchemaForm(profileFormSchema, {
    id: "profile",
    lastResult: replyFor(actionData, "profile"),
    defaultValue: { ...user, country: user.country ?? "United Kingdom" },
    nativeChecks: false,
  });
  const [passwordForm, pw] = useSchemaForm(changePasswordFormSchema, {
    id: "password",
    lastResult: replyFor(actionData, "password"),
    nativeChecks: false,
  });
  const genres = new Set(user.favoriteGenres);
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 lg:px-8">
      <ToastNow toast={actionData?.toast ?? null} />
      <h1 className="font-display text-3xl font-bold sm:text-4xl">Your profile</h1>
      <p className="mt-2 text-stone-600">
        Signed in as <strong>{user.username}</strong>
        {user.role === "admin" ? " (admin)" : ""} · member since{" "}
        {new Date(user.createdAt).toLocaleDateString("en-GB", {
          day: "numeric",
          month: "long",
          year: "numeric",
          timeZone: "Europe/London",
        })}
      </p>

      <section
        id="orders"
        aria-labelledby="orders-heading"
        className="mt-8 scroll-mt-24 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8"
      >
        <h2 id="orders-heading" className="font-display text-2xl font-bold">
          Your orders
        </h2>
        <OrderHistory orders={orders} />
      </section>

      <section
        id="vouchers"
        aria-labelledby="vouchers-heading"
        className="mt-8 scroll-mt-24 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8"
      >
        <h2 id="vouchers-heading" className="font-display text-2xl font-bold">
          Gift vouchers and store credit
        </h2>
        <VoucherList vouchers={vouchers} />
      </section>

      <section
        id="wants"
        aria-labelledby="wants-heading"
        className="mt-8 scroll-mt-24 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8"
      >
        <h2 id="wants-heading" className="font-display text-2xl font-bold">
          Your wants
        </h2>
        <WantList wants={wants} today={today} />
      </section>

      <section
        id="club"
        aria-labelledby="club-heading"
        className="mt-8 scroll-mt-24 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8"
      >
        <h2 id="club-heading" className="font-display text-2xl font-bold">
          Record club
        </h2>
        {membership ? (
          <>
            <MembershipPanel m={membership} />
            <ClubAddressForm address={membership.address} reply={actionData} />
          </>
        ) : (
          <p className="mt-3 text-stone-700">
            A new LP picked for you every month, delivered by Royal Mail.{" "}
            <Link to="/subscribe" className="font-semibold text-needle-dark underline underline-offset-2">
              Join the record club
            </Link>
          </p>
        )}
        <ClubParcels parcels={clubParcels} />
      </section>

      <section aria-labelledby="details" className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8">
        <h2 id="details" className="font-display text-2xl font-bold">
          Your details
        </h2>
        <Form method="post" {...getFormProps(profileForm)} className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-2">
          <input type="hidden" name="intent" value="profile" />
          <div className="sm:col-span-2">
            <FormMessage id={profileForm.errorId} errors={profileForm.errors} />
          </div>
          <Field label="First name" meta={p.firstName} autoComplete="given-name" />
          <Field label="Last name" meta={p.lastName} autoComplete="family-name" />
          <div className="sm:col-span-2">
            <Field label="Email" meta={p.email} type="email" autoComplete="email" inputMode="email" />
          </div>
          <div className="sm:col-span-2">
            <Field label="Address" meta={p.address} autoComplete="street-address" />
          </div>
          <Field label="Town or city" meta={p.city} autoComplete="address-level2" />
          <Field label="County" meta={p.state} autoComplete="address-level1" />
          <Field label="Postcode" meta={p.zipCode} autoComplete="postal-code" />
          <Field label="Country" meta={p.country} autoComplete="country-name" />
          <Field label="Phone" meta={p.phone} type="tel" autoComplete="tel" inputMode="tel" />
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-medium text-stone-800">Favourite genres</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {GENRES_A_Z.map((g) => (
                <label
                  key={g}
                  className="flex items-center gap-2 rounded-full border border-stone-300 px-3 py-1 text-sm has-[:checked]:border-ink has-[:checked]:bg-ink has-[:checked]:text-white"
                >
                  <input
                    type="checkbox"
                    name={p.favoriteGenres.name}
                    value={g}
                    defaultChecked={genres.has(g)}
                    className="accent-needle"
                  />
                  {g}
                </label>
              ))}
            </div>
            <FieldError id={p.favoriteGenres.errorId} errors={p.favoriteGenres.errors} />
          </fieldset>
          <div className="sm:col-span-2 sm:max-w-xs">
            <SubmitButton pending={busy("profile")}>{busy("profile") ? "Saving…" : "Save details"}</SubmitButton>
          </div>
        </Form>
      </section>

      <section
        aria-labelledby="password-heading"
        className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8"
      >
        <h2 id="password-heading" className="font-display text-2xl font-bold">
          Change password
        </h2>
        <Form method="post" {...getFormProps(passwordForm)} className="mt-4 grid max-w-md gap-y-2">
          <input type="hidden" name="intent" value="password" />
          <FormMessage id={passwordForm.errorId} errors={passwordForm.errors} />
          <Field label="Current password" meta={pw.currentPassword} type="password" autoComplete="current-password" />
          <Field label="New password" meta={pw.newPassword} type="password" autoComplete="new-password" />
          <Field label="Confirm new password" meta={pw.confirmPassword} type="password" autoComplete="new-password" />
          <SubmitButton pending={busy("password")}>{busy("password") ? "Changing…" : "Change password"}</SubmitButton>
        </Form>
      </section>

      <section
        id="two-factor"
        aria-labelledby="two-factor-heading"
        className="mt-8 scroll-mt-24 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8"
      >
        <h2 id="two-factor-heading" className="font-display text-2xl font-bold">
          Two-factor sign-in
        </h2>
        <p className="mt-3 text-stone-700">
          {twoFactorOn
            ? "On: signing in asks for a code from your authenticator app as well as your password."
            : "Off. Ask for a code from an authenticator app as well as your password when you sign in."}{" "}
          <Link to="/profile/two-factor" className="font-semibold text-needle-dark underline underline-offset-2">
            {twoFactorOn ? "Manage two-factor sign-in" : "Set up two-factor sign-in"}
          </Link>
        </p>
      </section>

      <SessionList sessions={loaderData.sessions} />
    </div>
  );
}
