import { seriousProblems } from "./support/axe";
import { expect, test, type Page } from "@playwright/test";
import { ready } from "./support/shop";

// The Vinyl Care Guide (/vinyl-care, GET /api/vinyl-care-tips) and the Virtual Crate Dig (/virtual-crate-dig).
// Tests tagged @no-js run with JavaScript on and off; the rest need it.

interface Tip {
  id: number;
  category: string;
  title: string;
  body: string;
}

const CHAPTERS = [
  { id: "cleaning", label: "Cleaning", heading: "Cleaning" },
  { id: "handling", label: "Handling", heading: "Handling" },
  { id: "storage", label: "Storage", heading: "Storage" },
  { id: "stylus", label: "Stylus", heading: "Stylus care" },
  { id: "setup", label: "Turntable set-up", heading: "Turntable set-up" },
] as const;

const HISTORY_KEY = "needledrop-listening-history";
const JAZZ = "/virtual-crate-dig?crate=genre:Jazz";

/** "3 of 24" → [3, 24]. */
async function positionOf(page: Page): Promise<[number, number]> {
  const text = (await page.getByTestId("crate-position").textContent()) ?? "";
  const match = /(\d+) of (\d+)/.exec(text);
  expect(match, text).not.toBeNull();
  return [Number(match![1]), Number(match![2])];
}

const recordTitle = (page: Page) => page.locator("#crate-record-title");

/** The id of the record at the front of the crate, from its "See the full record" link. */
async function frontRecordId(page: Page): Promise<number> {
  const href = await page.getByRole("link", { name: "See the full record" }).getAttribute("href");
  const id = /^\/vinyl\/(\d+)/.exec(href ?? "")?.[1];
  expect(id, href ?? "").toBeTruthy();
  return Number(id);
}

/** With JavaScript: the crate's keys only work once hydrated, which the flip hint shows. */
async function hydrated(page: Page) {
  await expect(page.getByText(/Flip with the/)).toBeVisible();
}

test.describe("Vinyl Care Guide", () => {
  test("GET /api/vinyl-care-tips lists every tip by category, then position, and filters by a valid category @no-js", async ({
    request,
  }) => {
    const res = await request.get("/api/vinyl-care-tips");
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toBe("public, max-age=300");
    const tips = (await res.json()) as Tip[];
    expect(tips.length).toBeGreaterThanOrEqual(25);
    for (const tip of tips) {
      expect(Object.keys(tip).sort()).toEqual(["body", "category", "id", "title"]);
      expect(typeof tip.id).toBe("number");
      expect(tip.title.length).toBeGreaterThan(3);
      expect(tip.body.length).toBeGreaterThan(40);
    }
    const order = CHAPTERS.map((c) => c.id) as string[];
    const ranks = tips.map((t) => order.indexOf(t.category));
    expect(ranks.every((r) => r >= 0)).toBe(true);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));

    const stylus = (await (await request.get("/api/vinyl-care-tips?category=stylus")).json()) as Tip[];
    expect(stylus).toEqual(tips.filter((t) => t.category === "stylus"));

    const bad = await request.get("/api/vinyl-care-tips?category=polishing");
    expect(bad.status()).toBe(400);
    expect(bad.headers()["content-type"]).toContain("application/json");
    expect(((await bad.json()) as { error: string }).error).toMatch(/category/);
  });

  test("shows an intro, a table of contents and five chapters holding every tip @no-js", async ({ page, request }) => {
    const tips = (await (await request.get("/api/vinyl-care-tips")).json()) as Tip[];
    const res = await page.goto("/vinyl-care");
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle("Vinyl Care Guide | Needledrop");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/vinyl-care$/);
    await expect(page.getByRole("heading", { level: 1, name: "The Vinyl Care Guide" })).toBeVisible();
    await expect(page.getByText(/Look after your records/)).toBeVisible();

    const contents = page.getByRole("navigation", { name: "In this guide" });
    const links = contents.getByRole("link");
    await expect(links).toHaveCount(CHAPTERS.length);
    for (const [i, chapter] of CHAPTERS.entries()) {
      const link = links.nth(i);
      await expect(link).toContainText(chapter.label);
      await expect(link).toHaveAttribute("href", `#${chapter.id}`);
      const section = page.locator(`section#${chapter.id}`);
      await expect(section.getByRole("heading", { level: 2, name: chapter.heading })).toBeVisible();
      const expected = tips.filter((t) => t.category === chapter.id).map((t) => t.title);
      await expect(section.getByRole("heading", { level: 3 })).toHaveText(expected);
    }
    // Illustrations are drawn inline, not fetched.
    expect(await page.locator("main img").count()).toBe(0);
    expect(await page.locator("main svg").count()).toBeGreaterThanOrEqual(CHAPTERS.length + 1);
  });

  test("table of contents links jump to their chapter @no-js", async ({ page, javaScriptEnabled }) => {
    await page.goto("/vinyl-care");
    // A hash set while the router is still starting up can be replaced by its first address.
    await ready(page, javaScriptEnabled);
    const contents = page.getByRole("navigation", { name: "In this guide" });
    await contents.getByRole("link", { name: /Turntable set-up/ }).click();
    await expect(page).toHaveURL(/\/vinyl-care#setup$/);
    await expect(page.getByRole("heading", { level: 2, name: "Turntable set-up" })).toBeInViewport();
    await page.locator("section#setup").getByRole("link", { name: "Back to contents" }).click();
    await expect(page).toHaveURL(/#contents$/);
    await expect(contents).toBeInViewport();
  });

  // Where the chapter's heading stood at every scroll the window made after a contents link was clicked, and where
  // it comes to rest. Heading positions, not scroll offsets: a late layout shift moves the page under a finished
  // jump, but the first scroll of a jump already puts the heading where it ends.
  async function scrollAfterClick(page: Page): Promise<{ passed: number[]; first: number; rest: number }> {
    await page.goto("/vinyl-care");
    await ready(page, true);
    const link = page.getByRole("navigation", { name: "In this guide" }).getByRole("link", { name: /Turntable set-up/ });
    // Brought into view first, so the positions recorded are the link's scroll alone, not the click's own.
    await link.scrollIntoViewIfNeeded();
    await page.evaluate(async () => {
      // A scroll event is sent at the next frame, so the one for bringing the link into view can still be on its
      // way; two frames let it pass, and only scrolls after the click (seen in the capture phase) count.
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const seen: number[] = [];
      (window as unknown as { seenScroll: number[] }).seenScroll = seen;
      const heading = document.querySelector("section#setup h2")!;
      let clicked = false;
      window.addEventListener("click", () => (clicked = true), { capture: true });
      window.addEventListener("scroll", () => {
        if (clicked) seen.push(Math.round(heading.getBoundingClientRect().top));
      });
    });
    await link.click();
    await expect(page.getByRole("heading", { level: 2, name: "Turntable set-up" })).toBeInViewport();
    await page.waitForTimeout(1500);
    const seen = await page.evaluate(() => (window as unknown as { seenScroll: number[] }).seenScroll);
    const rest = await page.evaluate(() => Math.round(document.querySelector("section#setup h2")!.getBoundingClientRect().top));
    expect(seen.length, "the click scrolled the window").toBeGreaterThan(0);
    expect(Math.abs(rest), "the heading comes to rest near the top").toBeLessThan(200);
    return { passed: [...new Set(seen.filter((top) => Math.abs(top - rest) > 40))], first: seen[0]!, rest };
  }

  test("a contents link scrolls smoothly to its chapter, then page changes scroll instantly again", async ({ page }) => {
    const { passed } = await scrollAfterClick(page);
    // A smooth scroll shows the page on its way down; a jump shows none of it.
    expect(passed.length, `heading positions passed through: ${passed.join(", ")}`).toBeGreaterThanOrEqual(2);
    await expect.poll(() => page.evaluate(() => document.documentElement.style.scrollBehavior)).toBe("");
  });

  test("with reduced motion a contents link jumps at once", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    const { first, rest } = await scrollAfterClick(page);
    // The very first scroll lands the heading where it rests; a smooth scroll's first step leaves it far below.
    expect(Math.abs(first - rest), "the first scroll already puts the heading in place").toBeLessThanOrEqual(40);
  });

  test("the home page's Vinyl Care widget shows tips from the same guide @no-js", async ({ page, request }) => {
    const tips = (await (await request.get("/api/vinyl-care-tips")).json()) as Tip[];
    await page.goto("/");
    const widget = page.getByRole("region", { name: "Vinyl Care", exact: true });
    const titles = await widget.getByRole("heading", { level: 3 }).allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(tips.map((t) => t.title)).toContain(title.trim());
    await widget.getByRole("link", { name: "Read the Vinyl Care Guide" }).click();
    await expect(page).toHaveURL(/\/vinyl-care$/);
  });
});

test.describe("Virtual Crate Dig without a crate", () => {
  test("the chooser offers the special crates and a crate per genre @no-js", async ({ page }) => {
    const res = await page.goto("/virtual-crate-dig");
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle("Virtual Crate Dig | Needledrop");
    await expect(page.getByRole("heading", { level: 1, name: "Virtual Crate Dig" })).toBeVisible();
    const crates = page.getByRole("region", { name: "Pick a crate" });
    for (const [name, href] of [
      ["New in", /\?crate=new-in$/],
      ["Under £15", /\?crate=under-15$/],
      ["Staff picks", /\?crate=staff-picks$/],
      ["Surprise me", /\?crate=surprise&seed=\d+$/],
    ] as const) {
      await expect(crates.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute("href", href);
    }
    const genres = page.getByRole("region", { name: "Genre crates" }).getByRole("link");
    expect(await genres.count()).toBeGreaterThan(5);
    await expect(page.getByRole("region", { name: "Genre crates" }).getByRole("link", { name: /^Jazz/ })).toHaveAttribute(
      "href",
      "/virtual-crate-dig?crate=genre:Jazz",
    );
  });

  test("the home page promotes it @no-js", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("region", { name: "Virtual Crate Dig" }).getByRole("link", { name: "Start Digging" }).click();
    await expect(page).toHaveURL(/\/virtual-crate-dig$/);
  });
});

test.describe("Virtual Crate Dig in a crate", () => {
  test("chooser → crate → Next and Previous are real links that wrap round at the ends @no-js", async ({ page }) => {
    await page.goto("/virtual-crate-dig");
    await page.getByRole("region", { name: "Genre crates" }).getByRole("link", { name: /^Jazz/ }).click();
    await expect(page).toHaveURL(/\?crate=genre:Jazz$/);
    await expect(page.getByRole("heading", { level: 1, name: "Jazz" })).toBeVisible();
    const [first, total] = await positionOf(page);
    expect(first).toBe(1);
    expect(total).toBeGreaterThan(2);
    const firstTitle = await recordTitle(page).textContent();

    await page.getByRole("link", { name: "Next", exact: true }).click();
    await expect(page).toHaveURL(/\?crate=genre:Jazz&pos=2$/);
    await expect(page.getByTestId("crate-position")).toHaveText(`2 of ${total}`);
    await expect(recordTitle(page)).not.toHaveText(firstTitle!);

    await page.getByRole("link", { name: "Previous", exact: true }).click();
    await expect(page).toHaveURL(/pos=1$/);
    await expect(recordTitle(page)).toHaveText(firstTitle!);

    await page.getByRole("link", { name: "Previous", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`pos=${total}$`));
    await expect(page.getByTestId("crate-position")).toHaveText(`${total} of ${total}`);
    await page.getByRole("link", { name: "Next", exact: true }).click();
    await expect(page).toHaveURL(/pos=1$/);
  });

  test("shows record N of M large: cover, artist, title, price, stock, format, record link and a preview @no-js", async ({
    page,
  }) => {
    const res = await page.goto(`${JAZZ}&pos=3`);
    expect(res?.status()).toBe(200);
    const [pos, total] = await positionOf(page);
    expect(pos).toBe(3);
    const title = (await recordTitle(page).textContent())!;
    await expect(page).toHaveTitle(new RegExp(`Jazz crate, 3 of ${total} \\| Needledrop$`));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/virtual-crate-dig\?crate=genre:Jazz&pos=3$/);

    const cover = page.getByRole("img", { name: new RegExp(`^Cover of ${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} by `) });
    await expect(cover).toBeVisible();
    await expect(cover).toHaveAttribute("fetchpriority", "high");
    expect((await cover.boundingBox())!.width).toBeGreaterThan(300);
    await expect(page.getByTestId("crate-price")).toHaveText(/^£\d+\.\d\d$/);
    const details = page.getByRole("region", { name: title });
    await expect(details.getByText(/^(In Stock|Running Low|Not In Stock|Pre-Order)$/)).toBeVisible();
    await expect(
      details.getByText(/^(LP|12" Vinyl|7" Vinyl|EP|Single|Double LP|Triple LP|Box Set|Coloured Vinyl|Picture Disc|Vinyl)/),
    ).toBeVisible();

    const link = page.getByRole("link", { name: "See the full record" });
    const id = await frontRecordId(page);
    const audio = page.locator("audio");
    await expect(audio).toHaveAttribute("controls", "");
    await expect(audio).toHaveAttribute("preload", "none");
    await expect(audio).toHaveAttribute("src", /^\/media\/audio\//);
    // The front record can be bought and kept: working forms, with and without JavaScript.
    const main = page.locator("main");
    await expect(main.getByRole("button", { name: /^(Add to cart|Pre-order|Out of stock)/ }).first()).toBeVisible();
    await expect(main.getByRole("button", { name: new RegExp(`(Add|Remove) .* (to|from) favourites`) }).first()).toBeVisible();

    await link.click();
    await expect(page).toHaveURL(new RegExp(`/vinyl/${id}-`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  });

  test("bad positions fall back, unknown crates are 404, and a surprise crate gets a shareable seed @no-js", async ({ page }) => {
    await page.goto(`${JAZZ}&pos=abc`);
    const [first, total] = await positionOf(page);
    expect(first).toBe(1);
    await page.goto(`${JAZZ}&pos=99999`);
    expect(await positionOf(page)).toEqual([total, total]);
    await page.goto(`/virtual-crate-dig?crate=genre:jazz&pos=2`);
    await expect(page.getByRole("heading", { level: 1, name: "Jazz" })).toBeVisible();
    expect(await positionOf(page)).toEqual([2, total]);

    for (const path of [
      "/virtual-crate-dig?crate=bogus",
      "/virtual-crate-dig?crate=genre:Yodelling",
      "/virtual-crate-dig?crate=genre:",
    ]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    }

    await page.goto("/virtual-crate-dig?crate=surprise&pos=4");
    await expect(page).toHaveURL(/\?crate=surprise&seed=\d+&pos=4$/);
    const shared = page.url();
    // The same seed deals the same crate while the catalogue stays the same. Other tests add and edit records on the
    // same database meanwhile, and one that scores among the crate's first few moves the record at position 4: a pair
    // of loads that straddled such a change is read again rather than failed.
    await expect(async () => {
      await page.goto(shared);
      const title = await recordTitle(page).textContent();
      await page.goto(shared);
      await expect(recordTitle(page)).toHaveText(title!, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await page.getByRole("link", { name: "Shuffle again" }).click();
    await expect(page).toHaveURL(/\?crate=surprise&seed=\d+$/);
    expect(page.url()).not.toBe(shared);
  });

  test("the special crates open @no-js", async ({ page }) => {
    for (const [crate, name] of [
      ["new-in", "New in"],
      ["under-15", "Under £15"],
      ["staff-picks", "Staff picks"],
    ] as const) {
      const res = await page.goto(`/virtual-crate-dig?crate=${crate}`);
      expect(res?.status(), crate).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(page.getByTestId("crate-position")).toHaveText(/^1 of \d+$/);
    }
    await page.goto("/virtual-crate-dig?crate=under-15&pos=2");
    const price = Number((await page.getByTestId("crate-price").textContent())!.replace("£", ""));
    expect(price).toBeLessThan(15);
  });
});

test.describe("Virtual Crate Dig with JavaScript", () => {
  test("← and → flip the crate and the address follows, but not while typing in a field", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await page.goto(JAZZ);
    await hydrated(page);
    const [, total] = await positionOf(page);
    const firstTitle = await recordTitle(page).textContent();

    await page.keyboard.press("ArrowRight");
    await expect(page).toHaveURL(/\?crate=genre:Jazz&pos=2$/);
    await expect(page.getByTestId("crate-position")).toHaveText(`2 of ${total}`);
    await expect(recordTitle(page)).not.toHaveText(firstTitle!);

    await page.keyboard.press("ArrowLeft");
    await expect(page).toHaveURL(/pos=1$/);
    await expect(recordTitle(page)).toHaveText(firstTitle!);
    await page.keyboard.press("ArrowLeft");
    await expect(page).toHaveURL(new RegExp(`pos=${total}$`));

    // Arrow keys in the search box move the caret, not the crate.
    await page.getByRole("search").locator("input").first().click();
    await page.keyboard.type("ab");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowRight");
    await expect(page.getByTestId("crate-position")).toHaveText(`${total} of ${total}`);
    await expect(page).toHaveURL(new RegExp(`pos=${total}$`));
    expect(errors).toEqual([]);
  });

  test("buttons flip in place: Back returns to where you came from", async ({ page }) => {
    await page.goto("/virtual-crate-dig");
    await page.getByRole("region", { name: "Genre crates" }).getByRole("link", { name: /^Jazz/ }).click();
    await hydrated(page);
    await page.getByRole("link", { name: "Next", exact: true }).click();
    await page.getByRole("link", { name: "Next", exact: true }).click();
    await expect(page).toHaveURL(/pos=3$/);
    await expect(page.getByTestId("crate-position")).toHaveText(/^3 of/);
    await page.goBack();
    await expect(page).toHaveURL(/\/virtual-crate-dig$/);
  });

  test("a swipe of 50 px flips; a shorter one does not", async ({ page }) => {
    await page.goto(JAZZ);
    await hydrated(page);
    const swipe = (dx: number) =>
      page.getByTestId("crate-stage").evaluate((el, dx) => {
        const touch = (x: number) => new Touch({ identifier: 1, target: el, clientX: x, clientY: 300 });
        el.dispatchEvent(new TouchEvent("touchstart", { bubbles: true, touches: [touch(200)], changedTouches: [touch(200)] }));
        el.dispatchEvent(new TouchEvent("touchend", { bubbles: true, touches: [], changedTouches: [touch(200 + dx)] }));
      }, dx);
    await swipe(-30);
    await expect(page.getByTestId("crate-position")).toHaveText(/^1 of/);
    await swipe(-60);
    await expect(page).toHaveURL(/pos=2$/);
    await swipe(80);
    await expect(page).toHaveURL(/pos=1$/);
  });

  test("the flip is animated, and not at all for shoppers who prefer reduced motion", async ({ page }) => {
    const animationsAfterFlip = () =>
      page.evaluate(async () => {
        window.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        return document.getAnimations().filter((a) => a instanceof Animation && !(a instanceof CSSTransition)).length;
      });
    // Slowed a hundredfold, so a busy machine cannot finish the flip before it is counted.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Animation.enable");
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto(JAZZ);
    await hydrated(page);
    await cdp.send("Animation.setPlaybackRate", { playbackRate: 0.01 });
    expect(await animationsAfterFlip()).toBeGreaterThan(0);

    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(JAZZ);
    await hydrated(page);
    expect(await animationsAfterFlip()).toBe(0);
    await expect(page.getByTestId("crate-position")).toHaveText(/^2 of/);
  });

  test("playing a preview adds the record to the listening history", async ({ page }) => {
    await page.goto(`${JAZZ}&pos=2`);
    await hydrated(page);
    // An unreadable stored value is logged and discarded.
    await page.evaluate((key) => localStorage.setItem(key, "{not json"), HISTORY_KEY);
    const warnings: string[] = [];
    page.on("console", (m) => m.type() === "warning" && warnings.push(m.text()));

    const play = () =>
      page.locator("audio").evaluate((audio: HTMLAudioElement) => {
        audio.muted = true;
        void audio.play().catch(() => {});
        audio.dispatchEvent(new Event("play"));
      });
    const history = () => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "null") as number[] | null, HISTORY_KEY);

    const second = await frontRecordId(page);
    await play();
    await expect.poll(history).toEqual([second]);
    await expect.poll(() => warnings.some((w) => w.includes(HISTORY_KEY))).toBe(true);

    await page.keyboard.press("ArrowLeft");
    await expect(page).toHaveURL(/pos=1$/);
    const first = await frontRecordId(page);
    await play();
    await expect.poll(history).toEqual([first, second]);

    // Played again: back to the front, never twice.
    await page.keyboard.press("ArrowRight");
    await expect(page).toHaveURL(/pos=2$/);
    await play();
    await expect.poll(history).toEqual([second, first]);
  });
});

for (const width of [390, 1280]) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const path of ["/vinyl-care", "/virtual-crate-dig", `${JAZZ}&pos=3`]) {
      test(`axe finds no serious or critical problem on ${path}`, async ({ page }) => {
        await page.goto(path);
        expect(await seriousProblems(page)).toEqual([]);
      });
    }
  });
}
