import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { buildSprite } from "./build-sprite";
import { Icon } from "./icon";
import { SPRITE_ICONS } from "./sprite-source";

const onDisk = readFileSync(new URL("./icons.svg", import.meta.url), "utf8");

describe("the icon sprite", () => {
  it("is up to date with its source table (run `npm run icons` after changing it)", () => {
    expect(onDisk).toBe(buildSprite());
  });

  it("holds one symbol per icon name, with lucide's shapes and no styling of its own", () => {
    const ids = [...onDisk.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">/g)].map((m) => m[1]);
    expect(ids).toEqual(Object.keys(SPRITE_ICONS).sort());
    // The page's <svg class="icon"> sets stroke and fill; a symbol setting its own would ignore fill-current.
    expect(onDisk).not.toMatch(/<symbol[^>]*(stroke|fill)=/);
    expect(onDisk).toMatch(/<symbol id="heart" viewBox="0 0 24 24"><path d="M2 9\.5a5\.5/);
  });

  it("draws each icon once: lucide's aliases (CheckCircle2 for CircleCheck) get no second name", () => {
    const shapes = [...onDisk.matchAll(/<symbol id="[^"]+" viewBox="0 0 24 24">(.*)<\/symbol>/g)].map((m) => m[1]);
    expect(new Set(shapes).size).toBe(shapes.length);
  });
});

describe("Icon", () => {
  it("points into the sprite file by name, decorative and styled by its classes", () => {
    const html = renderToStaticMarkup(<Icon name="heart" className="h-5 w-5 fill-current" />);
    expect(html).toMatch(
      /^<svg aria-hidden="true" class="icon h-5 w-5 fill-current"><use href="[^"#]+icons\.svg[^"#]*#heart"><\/use><\/svg>$/,
    );
    expect(renderToStaticMarkup(<Icon name="x" />)).toMatch(/^<svg aria-hidden="true" class="icon"><use href="[^"]+#x">/);
  });
});
