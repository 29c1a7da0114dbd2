import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { parseForm } from "~/lib/parse-form";
import { data, Form, useNavigation, Link } from "react-router";
import { MembershipPanel } from "~/components/club/membership-panel";
import { WantList } from "~/components/wants/want-list";
import { memberActionSchema } from "~/domain/club/club-schemas";
import { redirectWithToast } from "~/lib/toast.server";
import { OrderHistory } from "~/components/checkout/order-history";
import { Field, FieldError, SubmitButton } from "~/components/forms";
import { ToastNow } from "~/components/toasts";
import { GENRES_A_Z } from "~/domain/catalogue/genres";
import { formFailureOf } from "~/domain/shared/errors";
import { changePasswordFormSchema } from "~/domain/accounts/auth-schemas";
import { profileFormSchema } from "~/domain/accounts/profile-schemas";
import { requireUser } from "~/lib/guards.server";
import { parseInput } from "~/domain/shared/parse-input";
import { wantSchema } from "~/domain/wants/want-schema";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Your profile", description: "Your Needledrop account details." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const orders = context.services.orders.listForUser(user.id).map((o) => ({
    orderNumber: o.orderNumber,
    placedOn: o.placedOn,
    status: o.status,
    itemCount: o.totals.itemCount,
    totalPence: o.totals.totalPence,
    tracking: o.tracking,
  }));
  const membership = context.services.club.membership(user.id, { today: context.today });
  const wants = context.services.wants.listForUser(user);
  return { user, orders, membership, wants, today: context.today };
}

const CLUB_TOASTS = {
  pause: "Membership paused. Nothing is charged until you resume.",
  resume: "Membership resumed.",
  skip: "Next month skipped: nothing is charged and no record is sent.",
  unskip: "Next month is back on.",
  cancel: "Membership cancelled. It ends at the end of the month you have paid for.",
  keep: "Your membership carries on.",
} as const;

/** The club panel's buttons: one member action, then back to the panel with a toast (also when refused). */
async function clubAction(context: Route.ActionArgs["context"], userId: number, formData: FormData) {
  const parsed = memberActionSchema.safeParse({ action: formData.get("action") });
  if (!parsed.success) throw data("Unknown record club action.", { status: 400 });
  try {
    await context.services.club.act(userId, parsed.data.action, { today: context.today });
  } catch (error) {
    const known = formFailureOf(error);
    if (!known) throw error;
    // A stale page (the membership changed meanwhile): the panel as it is now, and why nothing happened.
    return redirectWithToast("/profile#club", {
      type: "error",
      title: "Could not change your membership",
      description: known.message,
    });
  }
  return redirectWithToast("/profile#club", {
    type: "success",
    title: "Record club",
    description: CLUB_TOASTS[parsed.data.action],
  });
}

/** A want changed or removed: back to the list with a toast; bad input is a 400 with a short message. */
async function wantsAction(context: Route.ActionArgs["context"], user: { id: number; email: string }, formData: FormData) {
  const input = Object.fromEntries(formData);
  try {
    if (formData.get("intent") === "want-remove") context.services.wants.removeForUser(user, input);
    else context.services.wants.want(parseInput(wantSchema, input, { message: "first" }), { user });
  } catch (error) {
    const known = formFailureOf(error);
    if (!known) throw error;
    const toast = { type: "error" as const, title: "Could not change your want", description: known.message };
    // An empty submission result: the profile forms are left as they are.
    const result: SubmissionResult<string[]> = {};
    return data({ intent: "wants" as const, result, toast }, { status: known.status });
  }
  const removed = formData.get("intent") === "want-remove";
  return redirectWithToast("/profile#wants", {
    type: "success",
    title: removed ? "Want removed" : "Want saved",
    description: removed ? "No more alerts about that record." : "We will email you when it happens.",
  });
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const formData = await request.formData();
  if (formData.get("intent") === "club") return clubAction(context, user.id, formData);
  if (formData.get("intent") === "want-update" || formData.get("intent") === "want-remove")
    return wantsAction(context, user, formData);
  const intent = formData.get("intent") === "password" ? "password" : "profile";
  const schema = intent === "password" ? changePasswordFormSchema : profileFormSchema;
  const submission = parseForm(formData, { schema });
  const hideFields = ["currentPassword", "newPassword", "confirmPassword"];
  if (submission.status !== "success")
    return data({ intent, result: submission.reply({ hideFields }), toast: null }, { status: 400 });
  try {
    if (intent === "password") {
      const v = submission.value as { currentPassword: string; newPassword: string };
      await context.services.accounts.changePassword(user.id, context.sessionId!, v.currentPassword, v.newPassword);
    } else {
      await context.services.accounts.updateProfile(user.id, submission.value as never);
    }
    const title = intent === "password" ? "Password changed" : "Profile saved";
    const description = intent === "password" ? "Other devices have been signed out." : "Your details are up to date.";
    return {
      intent,
      result: submission.reply({ resetForm: intent === "password", hideFields }),
      toast: { type: "success" as const, title, description },
    };
  } catch (error) {
    const known = formFailureOf(error);
    if (!known) throw error;
    return data(
      {
        intent,
        result: submission.reply({ formErrors: [known.message], hideFields }),
        toast: { type: "error" as const, title: "Could not save", description: known.message },
      },
      { status: known.status },
    );
  }
}

function FormMessage({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return <div id={id} />;
  return (
    <div id={id} role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
      {errors[0]}
    </div>
  );
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { user, orders, membership, wants, today } = loaderData;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.formData?.get("intent") === intent;
  const [profileForm, p] = useForm({
    id: "profile",
    lastResult: actionData?.intent === "profile" ? actionData.result : undefined,
    defaultValue: { ...user, country: user.country ?? "United Kingdom" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [passwordForm, pw] = useForm({
    id: "password",
    lastResult: actionData?.intent === "password" ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
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
          <MembershipPanel m={membership} />
        ) : (
          <p className="mt-3 text-stone-700">
            A new LP picked for you every month, delivered by Royal Mail.{" "}
            <Link to="/subscribe" className="font-semibold text-needle-dark underline underline-offset-2">
              Join the record club
            </Link>
          </p>
        )}
      </section>

      <section aria-labelledby="details" className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8">
        <h2 id="details" className="font-display text-2xl font-bold">
          Your details
        </h2>
        <Form method="post" {...getFormProps(profileForm)} noValidate className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-2">
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
        <Form method="post" {...getFormProps(passwordForm)} noValidate className="mt-4 grid max-w-md gap-y-2">
          <input type="hidden" name="intent" value="password" />
          <FormMessage id={passwordForm.errorId} errors={passwordForm.errors} />
          <Field label="Current password" meta={pw.currentPassword} type="password" autoComplete="current-password" />
          <Field label="New password" meta={pw.newPassword} type="password" autoComplete="new-password" />
          <Field label="Confirm new password" meta={pw.confirmPassword} type="password" autoComplete="new-password" />
          <SubmitButton pending={busy("password")}>{busy("password") ? "Changing…" : "Change password"}</SubmitButton>
        </Form>
      </section>
    </div>
  );
}
