import { Form, Link } from "react-router";
import { RecordStatus as StatusBadge } from "~/components/admin/record-status";
import { formatPence } from "~/domain/shared/money";
import { formatDateGB } from "~/domain/shared/dates";
import { adminRecordListSchema } from "~/domain/catalogue/admin-record-list";
import { readSearchParams } from "~/lib/forms/search-params";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/catalogue-list";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";

export const handle = staffHandle("catalogue.edit");

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Catalogue", description: "Add, edit, import and export records." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request, url }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  return {
    ...context.services.adminCatalogue.list(readSearchParams(adminRecordListSchema, url.searchParams).query),
    discogsLeftOut: context.services.discogsInventory.leftOut(),
  };
}

const STATUS_LABELS = {
  all: "All records",
  published: "Published",
  unpublished: "Unpublished",
  "no-cover": "Hidden: no cover or placeholder title",
};
const SORT_LABELS = {
  updated: "Last changed",
  title: "Title",
  artist: "Artist",
  price: "Price",
  stock: "Stock",
  release: "Release date",
};

type Row = Route.ComponentProps["loaderData"]["items"][number];

const columns: AdminColumn<Row>[] = [
  {
    header: "Record",
    sortBy: "title",
    cell: (r) => (
      <>
        <Link to={`/admin/catalog-update/${r.id}`} className="font-semibold text-ink hover:text-needle-dark hover:underline">
          {r.title}
        </Link>
        <span className="block text-stone-600">
          {r.artist}
          {r.genre ? ` · ${r.genre}` : ""}
        </span>
      </>
    ),
  },
  { header: "Cat. no.", className: "whitespace-nowrap text-stone-700", cell: (r) => r.catalogNumber ?? "—" },
  { header: "Price", sortBy: "price", align: "right", className: "tabular-nums", cell: (r) => formatPence(r.pricePence) },
  { header: "Stock", sortBy: "stock", align: "right", className: "tabular-nums", cell: (r) => r.stockQuantity },
  {
    header: "Release",
    sortBy: "release",
    className: "whitespace-nowrap",
    cell: (r) => (r.releaseDate ? formatDateGB(r.releaseDate) : "—"),
  },
  {
    header: "Status",
    cell: (r) => <StatusBadge published={r.published} hidden={r.hiddenByContent} publishAt={r.publishAt} />,
  },
];

export default function CatalogueList({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, query, genres, discogsLeftOut } = loaderData;
  const link = (changes: Record<string, string | number>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...query, ...changes }))
      if (v !== undefined && v !== "" && !(k === "page" && v === 1) && !(k === "status" && v === "all")) p.set(k, String(v));
    const s = p.toString();
    return s ? `?${s}` : "?";
  };
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-semibold tracking-widest text-needle-dark uppercase">Admin</p>
          <h1 className="mt-1 font-display text-3xl font-bold sm:text-4xl">Catalogue</h1>
        </div>
        <div className="flex flex-wrap gap-2 text-sm">
          <Link to="/admin/catalog-update/new" className="rounded-full bg-ink px-4 py-2 font-semibold text-white hover:bg-needle">
            Add a record
          </Link>
          <Link
            to="/admin/catalog-update/import"
            className="rounded-full px-4 py-2 font-semibold ring-1 ring-stone-300 hover:bg-stone-100"
          >
            Import CSV
          </Link>
          <a
            href="/admin/catalog-update/export.csv"
            download
            className="rounded-full px-4 py-2 font-semibold ring-1 ring-stone-300 hover:bg-stone-100"
          >
            Export CSV
          </a>
          <a
            href="/admin/catalog-update/discogs-inventory.csv"
            download
            className="rounded-full px-4 py-2 font-semibold ring-1 ring-stone-300 hover:bg-stone-100"
          >
            Used copies for Discogs (CSV)
          </a>
        </div>
      </div>
      <DiscogsLeftOut leftOut={discogsLeftOut} />

      {/* Keyed by the query, so a sort chosen from a column heading shows in the form's own fields. */}
      <Form
        key={link({})}
        method="get"
        className="mt-6 grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:grid-cols-2 lg:grid-cols-3"
        role="search"
      >
        <label className="text-sm sm:col-span-2 lg:col-span-3">
          <span className="block font-medium text-stone-800">Search</span>
          <input
            type="search"
            name="q"
            defaultValue={query.q ?? ""}
            maxLength={100}
            placeholder="Title, artist, label or catalogue number"
            className="mt-1 w-full rounded-md border border-stone-300 px-3 py-2"
          />
        </label>
        <label className="text-sm">
          <span className="block font-medium text-stone-800">Show</span>
          <select name="status" defaultValue={query.status} className="mt-1 w-full rounded-md border border-stone-300 px-2 py-2">
            {Object.entries(STATUS_LABELS).map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="block font-medium text-stone-800">Genre</span>
          <select
            name="genre"
            defaultValue={query.genre ?? ""}
            className="mt-1 w-full rounded-md border border-stone-300 px-2 py-2"
          >
            <option value="">Any genre</option>
            {genres.map((g) => (
              <option key={g}>{g}</option>
            ))}
          </select>
        </label>
        <div className="flex items-end gap-2 text-sm">
          <label className="flex-1">
            <span className="block font-medium text-stone-800">Sort by</span>
            <select name="sort" defaultValue={query.sort} className="mt-1 w-full rounded-md border border-stone-300 px-2 py-2">
              {Object.entries(SORT_LABELS).map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="rounded-full bg-ink px-4 py-2 font-semibold text-white hover:bg-needle">
            Apply
          </button>
        </div>
      </Form>

      <AdminTable
        caption="Records"
        rows={items}
        rowKey={(r) => r.id}
        columns={columns}
        empty="No records match."
        minWidth="min-w-[44rem]"
        sort={{ by: query.sort, direction: query.dir, hrefFor: (sort, dir) => link({ sort, dir, page: 1 }) }}
        paging={{ total, page, pageCount, noun: ["record", "records"], hrefFor: (p) => link({ page: p }) }}
      />
    </div>
  );
}

/** The used copies on sale that the Discogs upload leaves out, each linked to its page to give it a release id. */
function DiscogsLeftOut({
  leftOut: { count: n, copies },
}: {
  leftOut: { count: number; copies: { id: number; title: string; artist: string }[] };
}) {
  if (n === 0) return null;
  return (
    <details
      data-testid="discogs-left-out"
      className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
    >
      <summary className="cursor-pointer font-semibold">
        {n.toLocaleString("en-GB")} used {n === 1 ? "copy" : "copies"} on sale left out of the Discogs file: no Discogs release id
      </summary>
      <p className="mt-1">Give the pressing (or the copy) its release id to list it on Discogs.</p>
      <ul className="mt-2 max-h-48 space-y-1 overflow-auto">
        {copies.map((c) => (
          <li key={c.id}>
            <Link to={`/admin/catalog-update/${c.id}`} className="font-semibold underline">
              #{c.id}
            </Link>{" "}
            {c.artist} – {c.title}
          </li>
        ))}
        {n > copies.length && <li>… and {(n - copies.length).toLocaleString("en-GB")} more.</li>}
      </ul>
    </details>
  );
}
