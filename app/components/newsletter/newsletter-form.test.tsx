import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { FirstPaintNewsletterForm, LiveNewsletterForm } from "./newsletter-form";

/** The browser's form rendered to HTML inside a router, as a page's first render would be. */
async function liveForm(redirectTo: string) {
  const handler = createStaticHandler([{ path: "*", Component: () => <LiveNewsletterForm redirectTo={redirectTo} /> }]);
  const context = await handler.query(new Request("http://shop.test/vinyl/1-a-b"));
  if (context instanceof Response) throw new Error("unexpected response");
  return renderToString(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />,
  );
}

describe("the newsletter form the server writes", () => {
  it.each(["/vinyl/1-a-b", "/browse?genre=R%26B&page=2", `/search?q="x"&y='<z>'`])(
    "is the browser's form as it first renders, without a router: %s",
    async (redirectTo) => {
      const written = renderToString(<FirstPaintNewsletterForm redirectTo={redirectTo} />);
      expect(await liveForm(redirectTo)).toBe(written);
      expect(written).toContain('<form id="newsletter" noValidate=""');
      expect(written).toContain('action="/newsletter" method="post"');
      expect(written).toContain('<option value="R&amp;B">R&amp;B</option>');
    },
  );
});
