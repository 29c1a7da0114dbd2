import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { AdminTable, nextSort, type AdminColumn, type SortDirection } from "./admin-table";

type Row = { id: number; title: string; price: number };

const columns: AdminColumn<Row>[] = [
  { header: "Title", sortBy: "title", sortDirections: ["asc"], rowHeader: true, cell: (r) => r.title },
  { header: "Price", sortBy: "price", align: "right", cell: (r) => `£${r.price}` },
  { header: "Note", cell: () => "—" },
];

const render = (rows: Row[], by = "title", direction: SortDirection = "asc", page = 1, total = rows.length) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <AdminTable
        caption="Records"
        rows={rows}
        rowKey={(r) => r.id}
        columns={columns}
        empty="No records match."
        sort={{ by, direction, hrefFor: (b, d) => `/admin/list?sort=${b}&dir=${d}` }}
        paging={{
          total,
          page,
          pageCount: Math.ceil(total / 2),
          noun: ["record", "records"],
          hrefFor: (p) => `/admin/list?page=${p}`,
        }}
      />
    </MemoryRouter>,
  );

describe("nextSort", () => {
  it("sorts a column in its first direction, then flips it when the list is already sorted by it", () => {
    expect(nextSort(columns[1]!, { by: "title", direction: "asc" })).toEqual({ by: "price", direction: "asc" });
    expect(nextSort(columns[1]!, { by: "price", direction: "asc" })).toEqual({ by: "price", direction: "desc" });
    expect(nextSort(columns[1]!, { by: "price", direction: "desc" })).toEqual({ by: "price", direction: "asc" });
  });

  it("keeps a one-direction column in its direction and leaves an unsortable one alone", () => {
    expect(nextSort(columns[0]!, { by: "title", direction: "asc" })).toEqual({ by: "title", direction: "asc" });
    expect(nextSort(columns[2]!, { by: "title", direction: "asc" })).toBeUndefined();
  });
});

describe("AdminTable", () => {
  const rows = [
    { id: 1, title: "Blue Train", price: 20 },
    { id: 2, title: "Kind of Blue", price: 18 },
  ];

  it("marks the sorted column and links the others to sort by them", () => {
    const html = render(rows, "price", "desc", 1, 5);
    expect(html).toMatch(
      /<th scope="col" aria-sort="descending"[^>]*><a [^>]*href="\/admin\/list\?sort=price&amp;dir=asc"[^>]*>Price<span aria-hidden="true">\u00a0↓/,
    );
    expect(html).toMatch(/<th scope="col" class="[^"]*"><a [^>]*href="\/admin\/list\?sort=title&amp;dir=asc"[^>]*>Title<\/a>/);
    expect(html).toMatch(/<th scope="col" class="px-3 py-2">Note<\/th>/);
  });

  it("writes one row per record with its name as the row heading, counts them and pages them", () => {
    const html = render(rows, "title", "asc", 2, 5);
    expect(html).toContain('<th scope="row" class="px-3 py-2">Blue Train</th>');
    expect(html).toContain('<td class="px-3 py-2 text-right">£18</td>');
    expect(html).toContain("5 records · page 2 of 3");
    expect(html).toContain(`<caption class="sr-only">Records</caption>`);
    expect(html).toMatch(/<a rel="next" [^>]*href="\/admin\/list\?page=3"/);
    expect(html).not.toContain("No records match.");
  });

  it("can keep a column's heading for screen readers only", () => {
    const actions: AdminColumn<Row> = { header: "Actions", srOnlyHeader: true, cell: () => "Edit" };
    const html = renderToStaticMarkup(
      <AdminTable caption="Records" rows={rows} rowKey={(r) => r.id} columns={[...columns, actions]} />,
    );
    expect(html).toContain('<th scope="col" class="px-3 py-2"><span class="sr-only">Actions</span></th>');
  });

  it("says so when nothing matches, without an empty table", () => {
    const html = render([], "title", "asc", 1, 0);
    expect(html).toMatch(/<p class="[^"]*">No records match.<\/p>/);
    expect(html).not.toContain("<table");
    expect(html).toContain("0 records");
    expect(html).not.toContain('rel="next"');
  });
});
