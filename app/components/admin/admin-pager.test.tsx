import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { AdminPager } from "./admin-pager";

const render = (page: number, pageCount: number) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <AdminPager page={page} pageCount={pageCount} hrefFor={(p) => `/admin/list?status=paid&page=${p}`} />
    </MemoryRouter>,
  );

describe("AdminPager", () => {
  it("shows nothing when one page holds the whole list", () => {
    expect(render(1, 1)).toBe("");
    expect(render(1, 0)).toBe("");
  });

  it("links the pages either side, keeping the list's filters, and says where the admin is", () => {
    const middle = render(2, 3);
    expect(middle).toMatch(/<a rel="prev" [^>]*href="\/admin\/list\?status=paid&amp;page=1"[^>]*>← Previous<\/a>/);
    expect(middle).toMatch(/<a rel="next" [^>]*href="\/admin\/list\?status=paid&amp;page=3"[^>]*>Next →<\/a>/);
    expect(middle).toContain("Page 2 of 3");
  });

  it("offers no page before the first or after the last", () => {
    expect(render(1, 3)).not.toContain('rel="prev"');
    expect(render(1, 3)).toContain('rel="next"');
    expect(render(3, 3)).toContain('rel="prev"');
    expect(render(3, 3)).not.toContain('rel="next"');
  });
});
