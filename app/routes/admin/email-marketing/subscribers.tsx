import { Form, Link } from "react-router";
import { formatDayGB } from "~/domain/shared/dates";
import { AdminPager } from "~/components/admin/admin-pager";
import { CampaignList } from "~/components/admin/campaign-list";
import { readSubscriberListQuery, subscriberListSearch, type SubscriberStatus } from "~/domain/newsletter/subscriber-list";
import { requireAdmin } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/subscribers";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Email marketing", description: "Campaigns and newsletter subscribers." }),
  { name: "robots", content: "noindex" },
];

const PATH = "/admin/email-marketing";

export function loader({ context, request, url }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const query = readSubscriberListQuery(url.searchParams);
  return { query, campaigns: context.services.campaigns.list(), ...context.services.adminSubscribers.list(query) };
}

const STATUS_LABELS: Record<SubscriberStatus, string> = {
  all: "Everyone",
  subscribed: "Subscribed",
  unsubscribed: "Unsubscribed",
};

export default function Subscribers({ loaderData: d }: Route.ComponentProps) {
  const { query } = d;
  const filters = { q: query.q, status: query.status };
  return (
    <div>
      <h1 className="font-display text-3xl font-bold sm:text-4xl">Email marketing</h1>
      <p className="mt-1 max-w-prose text-stone-600">
        Campaigns to the newsletter&apos;s {d.counts.subscribed.toLocaleString("en-GB")} subscribers (
        {d.counts.unsubscribed.toLocaleString("en-GB")} have unsubscribed). The welcome mail and its 10% code go out on sign-up by
        themselves.
      </p>

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
          <a
            href={`${PATH}/subscribers.csv${subscriberListSearch(filters)}`}
            download
            className="rounded-full px-5 py-2 font-semibold ring-1 ring-stone-300 hover:bg-stone-100"
          >
            Export CSV
          </a>
        </Form>

        <p className="mt-3 text-sm text-stone-600" aria-live="polite">
          {d.total === 0 ? "No subscribers match." : `${d.total} ${d.total === 1 ? "subscriber" : "subscribers"}`}
        </p>
        {d.items.length > 0 && (
          <div className="mt-2 overflow-x-auto rounded-xl bg-white ring-1 ring-stone-200">
            {/* Wide enough that an address stays on one line; narrow screens scroll it sideways. */}
            <table className="w-full min-w-[36rem] text-left text-sm">
              <thead className="bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Email
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Favourite genre
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Subscribed
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Unsubscribed
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Code used
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-200">
                {d.items.map((s) => (
                  <tr key={s.id} data-testid="subscriber">
                    <td className="px-3 py-2">{s.email}</td>
                    <td className="px-3 py-2">{s.favoriteGenre ?? "—"}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{formatDayGB(s.subscribedAt)}</td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      {s.unsubscribedAt ? (
                        <span className="rounded bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-700">
                          {formatDayGB(s.unsubscribedAt)}
                        </span>
                      ) : (
                        "—"
                      )}
                    </td>
                    <td className="px-3 py-2">{s.hasUsedDiscount ? "Yes" : "No"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <AdminPager
          page={d.page}
          pageCount={d.pageCount}
          hrefFor={(page) => `${PATH}${subscriberListSearch({ ...filters, page })}`}
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
