import { Form, Link } from "react-router";
import { formatDayGB } from "~/domain/shared/dates";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { CampaignList } from "~/components/admin/campaign-list";
import { SubscriberFigures } from "~/components/admin/subscriber-figures";
import { SUBSCRIBER_ROW_NOUNS } from "~/domain/newsletter/subscriber-counts";
import { readSubscriberListQuery, subscriberListSearch, type SubscriberStatus } from "~/domain/newsletter/subscriber-list";
import { requirePermission, staffMay } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/subscribers";

export const handle = staffHandle("email.manage");

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Email marketing", description: "Campaigns and newsletter subscribers." }),
  { name: "robots", content: "noindex" },
];

const PATH = "/admin/email-marketing";

export function loader({ context, request, url }: Route.LoaderArgs) {
  const staff = requirePermission(context, request, handle.permission);
  const query = readSubscriberListQuery(url.searchParams);
  return {
    canExport: staffMay(staff, "customers.export"),
    query,
    campaigns: context.services.campaigns.list(),
    ...context.services.adminSubscribers.list(query),
  };
}

const STATUS_LABELS: Record<SubscriberStatus, string> = {
  all: "Everyone on the list",
  subscribed: "Subscribed",
  unsubscribed: "Unsubscribed",
};

type Subscriber = Route.ComponentProps["loaderData"]["items"][number];

const subscriberColumns: AdminColumn<Subscriber>[] = [
  { header: "Email", cell: (s) => s.email },
  { header: "Favourite genre", cell: (s) => s.favoriteGenre ?? "—" },
  { header: "Subscribed", className: "whitespace-nowrap", cell: (s) => formatDayGB(s.subscribedAt) },
  {
    header: "Unsubscribed",
    className: "whitespace-nowrap",
    cell: (s) =>
      s.unsubscribedAt ? (
        <span className="rounded bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-700">
          {formatDayGB(s.unsubscribedAt)}
        </span>
      ) : (
        "—"
      ),
  },
  { header: "Code used", cell: (s) => (s.hasUsedDiscount ? "Yes" : "No") },
];

export default function Subscribers({ loaderData: d }: Route.ComponentProps) {
  const { query } = d;
  const filters = { q: query.q, status: query.status };
  return (
    <div>
      <h1 className="font-display text-3xl font-bold sm:text-4xl">Email marketing</h1>
      <p className="mt-1 max-w-prose text-stone-600">
        Campaigns go to subscribed addresses only. The welcome mail and its 10% code go out on sign-up by themselves.
      </p>
      <SubscriberFigures counts={d.counts} />

      <CampaignList campaigns={d.campaigns} />

      <section aria-labelledby="subscribers-heading" className="mt-6">
        <h2 id="subscribers-heading" className="font-display text-xl font-bold">
          Subscribers
        </h2>
        <Form method="get" className="mt-3 flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 ring-1 ring-stone-200">
          <div className="min-w-0 basis-full sm:basis-auto sm:flex-1">
            <label htmlFor="subscriber-q" className="block text-sm font-medium text-stone-800">
              Search email or genre
            </label>
            <input
              id="subscriber-q"
              name="q"
              type="search"
              maxLength={100}
              defaultValue={query.q ?? ""}
              className="mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2"
            />
          </div>
          <div>
            <label htmlFor="subscriber-status" className="block text-sm font-medium text-stone-800">
              Status
            </label>
            <select
              id="subscriber-status"
              name="status"
              defaultValue={query.status}
              className="mt-1 block rounded-md border border-stone-300 bg-white px-3 py-2"
            >
              {Object.entries(STATUS_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="rounded-full bg-ink px-5 py-2 font-semibold text-white hover:bg-needle">
            Show
          </button>
          {d.canExport && (
            <a
              href={`${PATH}/subscribers.csv${subscriberListSearch(filters)}`}
              download
              className="rounded-full px-5 py-2 font-semibold ring-1 ring-stone-300 hover:bg-stone-100"
            >
              Export CSV
            </a>
          )}
        </Form>

        {/* Wide enough that an address stays on one line; narrow screens scroll it sideways. */}
        <AdminTable
          caption="Subscribers"
          rows={d.items}
          rowKey={(s) => s.id}
          columns={subscriberColumns}
          empty="No subscribers match."
          minWidth="min-w-[36rem]"
          paging={{
            total: d.total,
            page: d.page,
            pageCount: d.pageCount,
            noun: SUBSCRIBER_ROW_NOUNS[query.status],
            hrefFor: (page) => `${PATH}${subscriberListSearch({ ...filters, page })}`,
          }}
        />
      </section>
      <p className="mt-8 text-sm">
        <Link to="/marketing-tools" className="text-needle-dark hover:underline">
          Discount codes, staff picks and slides are in Marketing tools →
        </Link>
      </p>
    </div>
  );
}
