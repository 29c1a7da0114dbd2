import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { CrateKey, CrateRecord } from "~/domain/crate/crate-query";
import { RecordForms } from "~/components/cart/record-forms";
import { CrateViewer } from "./crate-viewer";

const record = (id: number): CrateRecord => ({
  id,
  title: `Title ${id}`,
  artist: `Artist ${id}`,
  genre: "Jazz",
  year: 2001,
  label: "Blue Label",
  coverUrl: `/media/covers/track-${id}.jpg`,
  audioUrl: `/media/audio/track-${id}.wav`,
  price: "£12.99",
  stock: id % 2 ? "in-stock" : "pre-order",
  format: "LP · 33⅓ RPM",
  href: `/vinyl/${id}-artist-${id}-title-${id}`,
});

/** Server-renders the viewer at an address, as the loader's page would be without JavaScript. */
function render(url: string, records: CrateRecord[], key: CrateKey = { kind: "genre", genre: "Jazz" }, seed?: number) {
  const router = createMemoryRouter(
    [
      {
        path: "/virtual-crate-dig",
        element: (
          <>
            <CrateViewer crateKey={key} title="Jazz" blurb={null} seed={seed} shuffleSeed={77} records={records} />
            {/* The root layout's shared record forms, which the buttons post. */}
            <RecordForms />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  return renderToString(<RouterProvider router={router} />);
}

const hrefOf = (html: string, rel: "prev" | "next") =>
  new RegExp(`<a[^>]*href="([^"]+)"[^>]*rel="${rel}"|<a[^>]*rel="${rel}"[^>]*href="([^"]+)"`)
    .exec(html)
    ?.slice(1)
    .find(Boolean)
    ?.replaceAll("&amp;", "&");

describe("CrateViewer without JavaScript", () => {
  const crate = [1, 2, 3, 4, 5].map(record);

  it("shows the record at ?pos= with Previous and Next links either side", () => {
    const html = render("/virtual-crate-dig?crate=genre:Jazz&pos=3", crate);
    expect(html).toContain('data-testid="crate-position">3 of 5<');
    expect(html).toContain("Title 3");
    expect(html).toContain('alt="Cover of Title 3 by Artist 3"');
    expect(html).toContain('fetchPriority="high"');
    expect(html).toContain('preload="none"');
    expect(html).toContain('src="/media/audio/track-3.wav"');
    expect(html).toContain('href="/vinyl/3-artist-3-title-3"');
    expect(hrefOf(html, "prev")).toBe("/virtual-crate-dig?crate=genre:Jazz&pos=2");
    expect(hrefOf(html, "next")).toBe("/virtual-crate-dig?crate=genre:Jazz&pos=4");
  });

  it("wraps round at both ends", () => {
    const first = render("/virtual-crate-dig?crate=genre:Jazz", crate);
    expect(first).toContain("Title 1");
    expect(hrefOf(first, "prev")).toBe("/virtual-crate-dig?crate=genre:Jazz&pos=5");
    const last = render("/virtual-crate-dig?crate=genre:Jazz&pos=5", crate);
    expect(hrefOf(last, "next")).toBe("/virtual-crate-dig?crate=genre:Jazz&pos=1");
  });

  it("falls back to the first record for a bad position and the last for one past the end", () => {
    expect(render("/virtual-crate-dig?crate=genre:Jazz&pos=x", crate)).toContain("Title 1");
    expect(render("/virtual-crate-dig?crate=genre:Jazz&pos=99", crate)).toContain("Title 5");
  });

  it("keeps the surprise crate's seed in every link", () => {
    const html = render("/virtual-crate-dig?crate=surprise&seed=9&pos=2", crate, { kind: "surprise" }, 9);
    expect(hrefOf(html, "next")).toBe("/virtual-crate-dig?crate=surprise&seed=9&pos=3");
    expect(html).toContain('href="/virtual-crate-dig?crate=surprise&amp;seed=77"');
    expect(html).toContain("Shuffle again");
  });

  it("offers no flipping in a crate of one, and says so when a crate is empty", () => {
    const one = render("/virtual-crate-dig?crate=genre:Jazz", [record(1)]);
    expect(one).toContain('data-testid="crate-position">1 of 1<');
    expect(hrefOf(one, "next")).toBeUndefined();
    expect(hrefOf(one, "prev")).toBeUndefined();
    const empty = render("/virtual-crate-dig?crate=genre:Jazz", []);
    expect(empty).toContain("This crate is empty today");
    expect(empty).not.toContain("<audio");
  });

  it("shows no keyboard hint before hydration", () => {
    const html = render("/virtual-crate-dig?crate=genre:Jazz&pos=2", crate);
    expect(html).not.toContain("Flip with the");
    expect(html).toContain("Pre-Order");
  });

  it("offers add-to-cart and favourite buttons that post real forms coming back to this record", () => {
    const html = render("/virtual-crate-dig?crate=genre:Jazz&pos=3", crate);
    const forms = new Map(
      [...html.matchAll(/<form([^>]*)>(.*?)<\/form>/g)].map(([, attrs, body]) => [
        /id="([^"]+)"/.exec(attrs!)?.[1],
        { attrs, body },
      ]),
    );
    const buttons = [...html.matchAll(/<button([^>]*)>(.*?)<\/button>/g)].map(([, attrs, body]) => ({
      attrs: attrs!,
      body: body!,
    }));
    const cart = buttons.find((b) => b.body.includes("Add to cart"));
    const heart = buttons.find((b) => b.attrs.includes('aria-label="Add Title 3 to favourites"'));
    expect(cart?.attrs).toContain('form="record-cart-add"');
    expect(heart?.attrs).toContain('form="record-favourite-add"');
    expect(heart?.attrs).toContain('aria-pressed="false"');
    for (const button of [cart!, heart!]) {
      expect(button.attrs).toContain('type="submit"');
      expect(button.attrs).toContain('name="recordId"');
      expect(button.attrs).toContain('value="3"');
      const form = forms.get(/form="([^"]+)"/.exec(button.attrs)![1]);
      expect(form?.attrs).toContain('method="post"');
      expect(form?.body).toContain('name="redirectTo" value="/virtual-crate-dig?crate=genre:Jazz&amp;pos=3"');
    }
    expect(forms.get("record-cart-add")?.attrs).toContain('action="/cart"');
    expect(forms.get("record-cart-add")?.body).toContain('name="intent" value="add"');
    expect(forms.get("record-favourite-add")?.attrs).toContain('action="/favorites"');
    expect(forms.get("record-favourite-remove")?.body).toContain('name="intent" value="remove"');
    // Every button submits a form: nothing on the page needs JavaScript to work.
    for (const button of buttons) expect(button.attrs, button.body).toMatch(/form="[^"]+"|type="button" disabled/);
  });

  it("says Pre-order for a pre-order and offers no cart button for a record out of stock", () => {
    expect(render("/virtual-crate-dig?crate=genre:Jazz&pos=2", crate)).toMatch(/<\/svg>Pre-order<\/button>/);
    const out = render("/virtual-crate-dig?crate=genre:Jazz", [{ ...record(1), stock: "out" }]);
    expect(out).not.toContain('form="record-cart-add"');
    expect(out).toMatch(/<button type="button" disabled=""[^>]*>Out of stock<\/button>/);
  });
});
