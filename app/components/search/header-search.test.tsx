import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { PopupState } from "~/domain/search/combobox";
import type { SearchSuggestion } from "~/domain/search/suggestion";
import { SuggestionList } from "./header-search";

const items: SearchSuggestion[] = [
  { id: 4, title: "Abbey Road", artist: "The Beatles", coverUrl: "/media/covers/abbey-road.jpg" },
  { id: 23, title: "Revolver", artist: "The Beatles", coverUrl: "/media/covers/track-16.ki" },
  { id: 9, title: "Elsewhere", artist: "Someone", coverUrl: "https://example.com/cover.png" },
];

const render = (state: PopupState, active = -1) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <SuggestionList
        listboxId="lb"
        state={state}
        items={items}
        total={12}
        active={active}
        onChoose={() => {}}
        onHover={() => {}}
      />
    </MemoryRouter>,
  );

describe("SuggestionList (the combobox popup)", () => {
  it("lists each record as an option linking to its page, then 'See all {n} results' to /browse?q=", () => {
    const html = render({ kind: "results", query: "beatles" }, 1);
    expect(html).toContain('role="listbox"');
    expect(html.match(/role="option"/g)).toHaveLength(4);
    const options = [...html.matchAll(/<a ([^>]*)>/g)].map((m) => m[1]!);
    expect(options[0]).toMatch(
      /id="lb-option-0" role="option" aria-selected="false" tabindex="-1" .*href="\/vinyl\/4-the-beatles-abbey-road"/,
    );
    expect(options[1]).toMatch(/id="lb-option-1" role="option" aria-selected="true" .*href="\/vinyl\/23-the-beatles-revolver"/);
    expect(options[3]).toMatch(/id="lb-option-3" role="option" aria-selected="false" .*href="\/browse\?q=beatles"/);
    expect(html).toContain("See all 12 results");
    expect(html).toContain("Abbey Road");
    expect(html).toContain("The Beatles");
    expect(html).not.toMatch(/^<div hidden/);
  });

  it("shows covers at 64 px through the image endpoint, '.ki' as '.jpg', other addresses as they are", () => {
    const html = render({ kind: "results", query: "beatles" });
    expect(html).toContain('src="/api/album-image?url=/media/covers/abbey-road.jpg&amp;width=64&amp;height=64"');
    expect(html).toContain("url=/media/covers/track-16.jpg&amp;width=64");
    expect(html).toContain('src="https://example.com/cover.png"');
    expect(html).toContain('alt=""');
  });

  it("says 'Searching...' while loading and names the search when nothing matched", () => {
    expect(render({ kind: "loading" })).toContain('<p role="status" class="px-4 py-3 text-sm text-stone-700">Searching...</p>');
    const empty = render({ kind: "empty", query: "zzqxv" });
    expect(empty).toContain("No results found for &quot;zzqxv&quot;");
    expect(empty).not.toContain('role="option"');
  });

  it("is hidden when closed, its listbox still there for aria-controls", () => {
    const html = render({ kind: "closed" });
    expect(html).toMatch(/^<div hidden=""/);
    expect(html).toContain('id="lb" role="listbox"');
    expect(html).not.toContain('role="option"');
  });
});
