import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { WantList, type WantListItem } from "./want-list";

const item = (over: Partial<WantListItem> = {}): WantListItem => ({
  recordId: 5,
  title: "Blue Train",
  artist: "John Coltrane",
  path: "/vinyl/5-john-coltrane-blue-train",
  pricePence: 3399,
  stock: 0,
  releaseDate: "2020-01-01",
  backInStock: true,
  onRelease: false,
  priceBelowPence: null,
  minGrade: "VG+",
  newPressing: true,
  status: "active",
  ...over,
});

function render(wants: WantListItem[]) {
  const router = createMemoryRouter([{ path: "/profile", element: <WantList wants={wants} today="2026-11-26" /> }], {
    initialEntries: ["/profile"],
  });
  return renderToString(<RouterProvider router={router} />);
}

describe("WantList", () => {
  it("says and keeps a want's minimum grade, so saving the other alerts does not drop it", () => {
    const html = render([item()]);
    expect(html).toContain("back in stock, a used copy graded VG+ or better");
    expect(html).toMatch(/<select name="minGrade"[^>]*>.*<option value="VG\+" selected="">/s);
  });

  it("offers no grade for a used copy's own want", () => {
    expect(render([item({ minGrade: null, newPressing: false })])).not.toContain('name="minGrade"');
  });
});
