import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, Form, StaticRouterProvider, useFetcher, type FormProps } from "react-router";
import { describe, expect, it } from "vitest";
import { ShopForm } from "./shop-form";

/** `node` rendered as the server renders a page, at a nested address with a search, under an index route. */
async function inRouter(node: () => React.ReactNode) {
  const handler = createStaticHandler([{ path: "/blog/:slug", children: [{ index: true, Component: node }] }]);
  const context = await handler.query(new Request("http://shop.test/blog/some-post?x=1"));
  if (context instanceof Response) throw new Error("unexpected response");
  return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />);
}

const cases: FormProps[] = [
  { action: "/cart", method: "post" },
  { action: "/browse", role: "search", className: "w-full" },
  { action: "/browse", method: "GET" },
  { action: "/newsletter", method: "post", id: "newsletter", noValidate: true, "aria-label": "Sign-up", className: "x" },
  { action: "/favorites", method: "post", hidden: true, id: "record-favourite-add" },
  { action: "/cart?intent=add", method: "post" },
  { action: "/cart?", method: "post" },
  { action: "/help#delivery", method: "post" },
  { action: "/logout", method: "post", replace: true, navigate: false, fetcherKey: "k", preventScrollReset: true },
  {
    action: "/cart",
    method: "post",
    discover: "none",
    reloadDocument: true,
    viewTransition: true,
    encType: "multipart/form-data",
  },
  // Not plain paths: these go to Form itself.
  {},
  { action: "." },
  { action: "edit", method: "post" },
  { action: "../x", method: "post" },
  { action: "/a//b", method: "post" },
  { action: "https://pay.example/checkout", method: "post" },
];

describe("ShopForm on the server", () => {
  it.each(cases.map((props) => [JSON.stringify(props), props] as const))("renders what Form renders: %s", async (_, props) => {
    const expected = await inRouter(() => (
      <Form {...props}>
        <button type="submit">Go</button>
      </Form>
    ));
    const written = await inRouter(() => (
      <ShopForm {...props}>
        <button type="submit">Go</button>
      </ShopForm>
    ));
    expect(written).toBe(expected);
  });

  it("renders what a fetcher's Form renders", async () => {
    function WithFetcher({ shop }: { shop: boolean }) {
      const fetcher = useFetcher({ key: "sign-up" });
      const Tag = shop ? ShopForm : fetcher.Form;
      return <Tag method="post" action="/newsletter" id="newsletter" />;
    }
    expect(await inRouter(() => <WithFetcher shop />)).toBe(await inRouter(() => <WithFetcher shop={false} />));
  });

  it("writes a shop path's form without React Router's hooks (Form needs a router to render at all)", () => {
    expect(() => renderToString(<Form action="/cart" method="post" />)).toThrow();
    expect(renderToString(<ShopForm action="/cart" method="post" className="f" />)).toBe(
      '<form class="f" data-discover="true" action="/cart" method="post"></form>',
    );
    expect(() => renderToString(<ShopForm action="cart" method="post" />)).toThrow();
  });
});
