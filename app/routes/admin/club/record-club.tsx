import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { backButton, confirmButton, ConfirmPanel } from "~/components/admin/confirm-panel";
import { ParcelStatusCell, DeliveryAddressCell } from "~/components/club/club-admin-cells";
import { FieldMessage, FormAlert } from "~/components/admin/form-field";
import { AdminPager } from "~/components/admin/admin-pager";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { choosePickSchema, clubMembersQuerySchema, removeClubPickSchema } from "~/domain/club/club-schemas";
import { z } from "~/domain/shared/zod";
import { MEMBERSHIP_STATUSES, STATUS_LABELS, type MembershipStatus } from "~/domain/club/membership";
import { formatDateGB } from "~/domain/shared/dates";
import { formAction, intent } from "~/lib/forms/form-action.server";
import { DEFAULT_INTENT, replyForRow } from "~/lib/forms/form-reply";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/record-club";

export const handle = staffHandle("club.manage", { action: "club.manage" });

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Record club", description: "Record club members and the month's picks." }),
  { name: "robots", content: "noindex" },
];

const PATH = "/admin/record-club";

/** "25 Nov 2026": short enough for the table's date columns. */
const shortDate = (iso: string | null) => (iso ? formatDateGB(iso).replace(/^(\d+) (\w{3})\w* /, "$1 $2 ") : "—");

const listHref = (status: MembershipStatus | undefined, page: number) => {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${PATH}?${search}` : PATH;
};

export function loader({ context, request, url }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  const query = clubMembersQuerySchema.parse(Object.fromEntries(url.searchParams));
  const club = context.services.club;
  return { query, list: club.members(query, { today: context.today }), picks: club.picks({ today: context.today }) };
}

const planWords = (plan: string) => (plan === "one-lp" ? "One LP" : "Two LPs");

export async function action({ context, request }: Route.ActionArgs) {
  const actor = requirePermission(context, request, handle.action!);
  return formAction(request, {
    [DEFAULT_INTENT]: intent(choosePickSchema, (pick) => {
      const chosen = context.services.club.choosePick(actor, pick);
      const description = `${chosen.record.title} by ${chosen.record.artist} for ${planWords(chosen.plan)} a month.`;
      return redirectWithToast(`${PATH}#picks`, { type: "success", title: "Pick saved", description });
    }),
    "remove-pick": intent(removeClubPickSchema, (pick) => {
      context.services.club.removePick(actor, pick);
      const description = `${planWords(pick.plan)} a month in ${pick.month} goes back to the default.`;
      return redirectWithToast(`${PATH}#picks`, { type: "success", title: "Pick taken back", description });
    }),
    generate: intent(z.object({}), () => {
      const run = context.services.club.generateParcels({ today: context.today }, actor);
      const held = run.held.length > 0 ? ` ${run.held.length} held: see the members below.` : "";
      const description = `${run.made} new parcel(s) for ${run.month} in the shipping queue; ${run.already} made before.${held}`;
      return redirectWithToast(`${PATH}#parcels`, { type: "success", title: "Parcels made", description });
    }),
  });
}

const input = "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm";

/** One plan's pick for the month: a record by its number. */
function PickForm({
  plan,
  month,
  saving,
  reply,
}: {
  plan: string;
  month: string;
  saving: boolean;
  reply: Route.ComponentProps["actionData"];
}) {
  const mine = replyForRow(reply, DEFAULT_INTENT, "plan", plan);
  const [form, fields] = useSchemaForm(choosePickSchema, {
    id: `pick-${plan}-${month}`,
    lastResult: mine?.initialValue?.month === month ? mine : undefined,
  });
  const { key, ...recordId } = getInputProps(fields.recordId, { type: "text" });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3">
      <div className="flex items-end gap-2">
        <input type="hidden" name="plan" value={plan} />
        <input type="hidden" name="month" value={month} />
        <label className="grow text-sm font-medium">
          Record number
          <input key={key} {...recordId} inputMode="numeric" maxLength={9} className={input} />
        </label>
        <button
          type="submit"
          disabled={saving}
          className="rounded-full bg-ink px-4 py-2 text-sm font-semibold text-white hover:bg-needle-dark disabled:opacity-60"
        >
          Choose
        </button>
      </div>
      <FieldMessage field={fields.recordId} />
      <div className="mt-2 empty:hidden">
        <FormAlert id={form.errorId} message={form.errors?.[0]} />
      </div>
    </Form>
  );
}

type Picks = Route.ComponentProps["loaderData"]["picks"]["thisMonth"];
type Query = Route.ComponentProps["loaderData"]["query"];

/** The URL that asks to confirm taking a pick back, keeping the list's filter and page. */
const confirmHref = (query: Query, plan: string, month: string) => {
  const params = new URLSearchParams({ removePlan: plan, removeMonth: month });
  if (query.status) params.set("status", query.status);
  if (query.page > 1) params.set("page", String(query.page));
  return `${PATH}?${params.toString()}#picks`;
};

/** A month's pick per plan: the record, a form to choose another, and (for a chosen one) taking it back after a confirm. */
function MonthPicks({
  title,
  picks,
  saving,
  reply,
  query,
  testPrefix,
}: {
  title: string;
  picks: Picks;
  saving: boolean;
  reply: Route.ComponentProps["actionData"];
  query: Query;
  testPrefix: string;
}) {
  return (
    <>
      <h3 className="mt-5 font-semibold text-stone-800">
        {title} · {picks[0]?.month}
      </h3>
      <div className="mt-2 grid gap-4 md:grid-cols-2">
        {picks.map((p) => {
          const confirming = query.removePlan === p.plan.id && query.removeMonth === p.month && p.chosen;
          return (
            <div key={p.plan.id} className="rounded-lg p-4 ring-1 ring-stone-200" data-testid={`${testPrefix}-${p.plan.id}`}>
              <h4 className="font-semibold">{p.plan.name}</h4>
              <p className="mt-1 text-sm">
                {p.record ? (
                  <>
                    <strong>{p.record.title}</strong> by {p.record.artist} (no. {p.record.id}){" "}
                    <span className="text-stone-600">{p.chosen ? "· chosen" : "· default"}</span>
                  </>
                ) : (
                  "No LP in stock to suggest."
                )}
              </p>
              {confirming ? (
                <div className="mt-3">
                  <ConfirmPanel id={`remove-${testPrefix}-${p.plan.id}-heading`} title="Take this pick back?" tone="money">
                    <p className="mt-1 text-sm">
                      {p.record?.title} stops being the {p.month} pick for {p.plan.name}; the default applies again. Parcels
                      already made keep their record.
                    </p>
                    <Form method="post" className="mt-3 flex flex-wrap gap-2">
                      <input type="hidden" name="intent" value="remove-pick" />
                      <input type="hidden" name="plan" value={p.plan.id} />
                      <input type="hidden" name="month" value={p.month} />
                      <button type="submit" disabled={saving} className={confirmButton}>
                        Yes, take it back
                      </button>
                      <Link to={`${listHref(query.status, query.page)}#picks`} className={backButton}>
                        Keep the pick
                      </Link>
                    </Form>
                  </ConfirmPanel>
                </div>
              ) : (
                p.chosen && (
                  <p className="mt-2 text-sm">
                    <Link
                      to={confirmHref(query, p.plan.id, p.month)}
                      preventScrollReset
                      className="font-semibold text-red-800 underline underline-offset-2"
                    >
                      Remove pick<span className="sr-only"> {p.record?.title}</span>…
                    </Link>
                  </p>
                )
              )}
              <PickForm plan={p.plan.id} month={p.month} saving={saving} reply={reply} />
            </div>
          );
        })}
      </div>
    </>
  );
}

type Member = Route.ComponentProps["loaderData"]["list"]["members"][number];

const memberColumns: AdminColumn<Member>[] = [
  {
    header: "Member",
    cell: (m) => (
      <>
        <span className="font-semibold">{m.username}</span>
        <span className="block text-xs break-all text-stone-600">{m.email}</span>
      </>
    ),
  },
  { header: "Delivery address", cell: (m) => <DeliveryAddressCell address={m.address} /> },
  { header: "This month's parcel", cell: (m) => <ParcelStatusCell parcel={m.parcel} /> },
  {
    header: "Plan",
    className: "whitespace-nowrap",
    cell: (m) => (
      <>
        {m.plan.name}
        <span className="block text-xs text-stone-600">{m.favouriteGenre}</span>
      </>
    ),
  },
  { header: "Status", className: "whitespace-nowrap", cell: (m) => m.statusLabel },
  { header: "Next shipment", className: "whitespace-nowrap", cell: (m) => shortDate(m.nextShipmentOn) },
];

export default function RecordClubAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { query, list, picks } = loaderData;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction?.startsWith(PATH);
  return (
    <div>
      <h1 className="font-display text-3xl font-bold sm:text-4xl">Record club</h1>
      <p className="mt-1 text-stone-600">
        {MEMBERSHIP_STATUSES.map((s) => `${STATUS_LABELS[s]}: ${list.byStatus[s] ?? 0}`).join(" · ")}
      </p>

      <section
        id="picks"
        aria-labelledby="picks-heading"
        className="mt-6 scroll-mt-24 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
      >
        <h2 id="picks-heading" className="font-display text-xl font-bold">
          The month&rsquo;s picks
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          Without a choice, the default is the best-selling LP in stock that has not been a pick before. A member&rsquo;s parcel
          has the pick of the month their record ships in.
        </p>
        <div className="mt-3 empty:hidden">
          <FormAlert
            message={actionData && actionData.intent !== DEFAULT_INTENT ? actionData.result.error?.[""]?.[0] : undefined}
          />
        </div>
        <MonthPicks
          title="This month"
          picks={picks.thisMonth}
          saving={saving}
          reply={actionData}
          query={query}
          testPrefix="pick"
        />
        <MonthPicks
          title="Next month (for members whose record ships then)"
          picks={picks.nextMonth}
          saving={saving}
          reply={actionData}
          query={query}
          testPrefix="pick-next"
        />
      </section>

      <section
        id="parcels"
        aria-labelledby="parcels-heading"
        className="mt-6 scroll-mt-24 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
      >
        <h2 id="parcels-heading" className="font-display text-xl font-bold">
          This month&rsquo;s parcels
        </h2>
        <p className="mt-1 max-w-prose text-sm text-stone-600">
          Each member owed a record this month gets a parcel in the shipping queue, with the month&rsquo;s pick. Paused members
          and skipped months are left out; a member without a delivery address is held until they give one. The server also does
          this once a day; doing it again never makes a second parcel.
        </p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="generate" />
          <button
            type="submit"
            disabled={saving}
            className="rounded-full bg-ink px-4 py-2 text-sm font-semibold text-white hover:bg-needle-dark disabled:opacity-60"
          >
            Make this month&rsquo;s parcels
          </button>
        </Form>
      </section>

      <section aria-labelledby="members-heading" className="mt-8">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="members-heading" className="font-display text-xl font-bold">
            Members ({list.total.toLocaleString("en-GB")})
          </h2>
          <Form method="get" className="flex items-end gap-2">
            <label className="text-sm font-medium">
              Status
              <select name="status" defaultValue={query.status ?? ""} className={input}>
                <option value="">Any status</option>
                {MEMBERSHIP_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="submit"
              className="rounded-full px-4 py-2 text-sm font-semibold ring-1 ring-stone-300 hover:bg-stone-100"
            >
              Filter
            </button>
          </Form>
        </div>
        <AdminTable
          caption="Record club members"
          rows={list.members}
          rowKey={(m) => m.id}
          columns={memberColumns}
          empty={`No members${query.status ? ` with the status “${STATUS_LABELS[query.status]}”` : ""}.`}
          minWidth="min-w-[48rem]"
          className="mt-4"
        />
        <AdminPager page={list.page} pageCount={list.pageCount} hrefFor={(page) => listHref(query.status, page)} />
        {query.status && (
          <p className="mt-3 text-sm">
            <Link to={PATH} className="font-semibold text-needle-dark underline underline-offset-2">
              Show every member
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}
