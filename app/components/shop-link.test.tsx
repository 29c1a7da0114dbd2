import { renderToString } from "react-dom/server";
// eslint-disable-next-line no-restricted-imports -- the one place Link is wrapped (and compared with)
import { Link, MemoryRouter, type LinkProps } from "react-router";
import { describe, expect, it } from "vitest";
import { plainHref, ShopLink } from "./shop-link";

// Rendered at a nested address, so a path React Router resolved against the location would show it.
const inRouter = (node: React.ReactNode) =>
  renderToString(<MemoryRouter initialEntries={["/blog/some-post?x=1"]}>{node}</MemoryRouter>);

const cases: LinkProps[] = [
  { to: "/" },
  { to: "/browse", className: "side-link", "aria-label": "Browse" },
  { to: "/browse?genre=jazz&page=2", "aria-current": "page" },
  { to: "/browse?" },
  { to: "/help#delivery", target: "_blank", rel: "noreferrer" },
  { to: "/help#" },
  { to: "/vinyl/12-blue-train-john-coltrane/" },
  { to: "/favorites", prefetch: "intent", replace: true, state: { from: "header" }, preventScrollReset: true },
  { to: "/cart", discover: "none", reloadDocument: true, viewTransition: true },
  // Not plain paths: these go to Link itself.
  { to: "browse" },
  { to: "../about" },
  { to: "/a//b" },
  { to: "/a/./b/../c" },
  { to: "//example.com/x" },
  { to: "https://example.com/x" },
  { to: { pathname: "/browse", search: "?genre=soul" } },
  { to: "/browse", prefetch: "render" },
];

describe("ShopLink on the server", () => {
  it.each(cases.map((props) => [JSON.stringify(props), props] as const))("renders what Link renders: %s", (_, props) => {
    const expected = inRouter(<Link {...props}>Go</Link>);
    expect(inRouter(<ShopLink {...props}>Go</ShopLink>)).toBe(expected);
  });

  it("writes a shop path's anchor without React Router's hooks (Link needs a router to render at all)", () => {
    expect(() => renderToString(<Link to="/browse">Browse</Link>)).toThrow();
    expect(renderToString(<ShopLink to="/browse">Browse</ShopLink>)).toBe('<a href="/browse" data-discover="true">Browse</a>');
    expect(() => renderToString(<ShopLink to="browse">Browse</ShopLink>)).toThrow();
  });

  it("takes only paths React Router keeps as written", () => {
    expect(plainHref("/browse?genre=jazz#top")).toBe("/browse?genre=jazz#top");
    expect(plainHref("/browse?#")).toBe("/browse");
    expect(plainHref("/a/..")).toBeNull();
    expect(plainHref("/a\\b")).toBeNull();
    expect(plainHref("/.well-known/x")).toBe("/.well-known/x");
    expect(plainHref({ pathname: "/x" })).toBeNull();
    expect(plainHref("")).toBeNull();
  });
});
