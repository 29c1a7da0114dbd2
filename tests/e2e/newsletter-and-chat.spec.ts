import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { catalogueMayAnswer } from "../../app/domain/chat/answers";
import { lastMailText, ready, withDb } from "./support/shop";

// The footer's newsletter form (spec §4, §5, §8) and VinylBot (spec §2, §4, §9). Tests tagged @no-js run in
// both projects: the form posts to /newsletter and the outcome comes back in a toast without JavaScript.

// ---------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------

const SUCCESS_TITLE = "Subscription Successful";
const SUCCESS_TEXT = "Thank you for subscribing! Your discount code is ready to use.";
const ALREADY_TITLE = "Already Subscribed";
const ALREADY_TEXT = "You're already subscribed to our newsletter!";
const FAILED_TITLE = "Subscription Failed";
const CODE = /VINYL10-[A-HJKMNP-Z2-9]{6}/;

function uniqueEmail(tag: string): string {
  return `${tag}.${Date.now()}${Math.random().toString(36).slice(2, 6)}@Example.com`;
}

function subscriberRow(email: string) {
  return withDb(
    (db) =>
      db.prepare("select email, favorite_genre, discount_code from subscribers where email = ?").get(email.toLowerCase()) as
        { email: string; favorite_genre: string; discount_code: string } | undefined,
  );
}

/** The text of the welcome mail delivered to `email` (MAIL_DIR), once it has been sent. */
async function welcomeMail(email: string): Promise<string> {
  const read = () => lastMailText(email.toLowerCase(), /newsletter/i);
  await expect.poll(read).toBeDefined();
  return read()!;
}

/** A toast: with JavaScript a sonner toast; without, the same words in a <noscript> status banner. */
function toast(page: Page, javaScriptEnabled: boolean, title: string): Locator {
  return (javaScriptEnabled ? page.locator("[data-sonner-toast]") : page.getByRole("status")).filter({ hasText: title }).first();
}

async function expectToast(
  page: Page,
  javaScriptEnabled: boolean,
  title: string,
  description: string | RegExp,
  kind: "success" | "error" | "info",
) {
  const t = toast(page, javaScriptEnabled, title);
  await expect(t).toBeVisible();
  await expect(t).toContainText(description);
  // sonner marks success and error toasts; a plain (info) toast has no type.
  if (javaScriptEnabled && kind === "info") await expect(t).not.toHaveAttribute("data-type", /./);
  else if (javaScriptEnabled) await expect(t).toHaveAttribute("data-type", kind);
  else await expect(t).toHaveClass(kind === "error" ? /border-red/ : /border-emerald/);
}

const newsletter = (page: Page) => page.getByRole("contentinfo").getByRole("form", { name: "Newsletter sign-up" });

async function fillNewsletter(page: Page, email: string, genre: string) {
  const form = newsletter(page);
  await form.getByLabel("Email address").fill(email);
  if (genre) await form.getByLabel("Favourite genre").selectOption(genre);
  await form.getByRole("button", { name: "Subscribe" }).click();
}

const chatButton = (page: Page) => page.getByRole("button", { name: /chat with VinylBot/i });
const dialog = (page: Page) => page.getByRole("dialog", { name: "VinylBot chat" });
const chatLog = (page: Page) => dialog(page).getByRole("log");
const chatInput = (page: Page) => dialog(page).getByRole("textbox", { name: "Message VinylBot" });
const assistantMessages = (page: Page) => chatLog(page).locator('li[data-role="assistant"]');
const userMessages = (page: Page) => chatLog(page).locator('li[data-role="user"]');

async function openChat(page: Page) {
  await page.goto("/genres");
  await ready(page, true);
  await chatButton(page).click();
  await expect(dialog(page)).toBeVisible();
}

/** Sends a message and waits for VinylBot's reply; returns the reply's locator. */
async function ask(page: Page, text: string): Promise<Locator> {
  const before = await assistantMessages(page).count();
  await chatInput(page).fill(text);
  await chatInput(page).press("Enter");
  await expect(assistantMessages(page)).toHaveCount(before + 1);
  return assistantMessages(page).nth(before);
}

// ---------------------------------------------------------------------------------------------------------
// Newsletter
// ---------------------------------------------------------------------------------------------------------

test.describe("newsletter sign-up in the footer", () => {
  test("a new subscriber gets the discount code, on the page they were on @no-js", async ({ page, javaScriptEnabled }) => {
    const email = uniqueEmail("new");
    await page.goto("/browse?q=blue");
    await ready(page, javaScriptEnabled);
    const form = newsletter(page);
    // A–Z, as on /genres.
    await expect(form.getByLabel("Favourite genre").locator("option")).toHaveText([
      "Select your favourite genre",
      ...["Ambient", "Blues", "Classical", "Country", "Disco", "Electronic", "Folk", "Funk", "Hip-Hop", "House", "Indie"],
      ...["Jazz", "Metal", "Pop", "Punk", "R&B", "Reggae", "Rock", "Soul", "Soundtrack", "Techno", "World"],
    ]);

    if (javaScriptEnabled) {
      // Hold the request a moment to see the submitting state.
      await page.route("**/newsletter.data*", async (route) => {
        await new Promise((r) => setTimeout(r, 600));
        await route.continue();
      });
    }
    let loads = 0;
    page.on("load", () => loads++);
    await fillNewsletter(page, `  ${email} `, "Jazz");
    if (javaScriptEnabled) {
      const busy = form.getByRole("button", { name: "Subscribing..." });
      await expect(busy).toBeVisible();
      await expect(busy).toBeDisabled();
    }

    await expect(page).toHaveURL(/\/browse\?q=blue$/);
    await expect.poll(() => subscriberRow(email)).toBeTruthy();
    const row = subscriberRow(email)!;
    expect(row).toMatchObject({ email: email.toLowerCase(), favorite_genre: "Jazz" });
    expect(row.discount_code).toMatch(CODE);

    if (javaScriptEnabled) {
      await expectToast(page, true, SUCCESS_TITLE, SUCCESS_TEXT, "success");
      expect(loads).toBe(0);
      const panel = page.getByTestId("newsletter-code-panel");
      await expect(panel.getByTestId("newsletter-code")).toHaveText(row.discount_code);
      // The form resets after success.
      await expect(form.getByLabel("Email address")).toHaveValue("");
      await expect(form.getByLabel("Favourite genre")).toHaveValue("");
      // …showing the placeholder again, not a blank select.
      await expect.poll(() => form.getByLabel("Favourite genre").evaluate((s: HTMLSelectElement) => s.selectedIndex)).toBe(0);
      await panel.getByRole("button", { name: "Got it!" }).click();
      await expect(panel).toHaveCount(0);
    } else {
      await expectToast(page, false, SUCCESS_TITLE, `Your discount code is ready to use: ${row.discount_code}`, "success");
    }

    // The welcome mail carries the code and a one-click unsubscribe link.
    const mail = await welcomeMail(email);
    expect(mail).toContain(row.discount_code);
    expect(mail).toMatch(/\/unsubscribe\?token=[a-z2-7]{32}/);
  });

  test("signing up again says 'Already Subscribed', with the code only in the browser that subscribed @no-js", async ({
    page,
    javaScriptEnabled,
    request,
    baseURL,
  }) => {
    // Someone else's address (subscribed from another browser): no code.
    const theirs = uniqueEmail("theirs");
    const res = await request.post("/api/subscribe", {
      headers: { origin: baseURL! },
      data: { email: theirs, favoriteGenre: "Rock" },
    });
    expect(res.status()).toBe(201);
    const theirCode = ((await res.json()) as { discountCode: string }).discountCode;

    await page.goto("/genres");
    await ready(page, javaScriptEnabled);
    await fillNewsletter(page, theirs, "Pop");
    await expectToast(page, javaScriptEnabled, ALREADY_TITLE, ALREADY_TEXT, "info");
    await expect(page.getByText(theirCode)).toHaveCount(0);
    await expect(page.getByTestId("newsletter-code-panel")).toHaveCount(0);
    if (javaScriptEnabled) await expect(newsletter(page).getByLabel("Email address")).toHaveValue("");

    // Our own address, twice: the second time shows our code again.
    const mine = uniqueEmail("mine");
    await page.goto("/genres");
    await ready(page, javaScriptEnabled);
    await fillNewsletter(page, mine, "Soul");
    await expectToast(page, javaScriptEnabled, SUCCESS_TITLE, /Your discount code is ready to use/, "success");
    const code = subscriberRow(mine)!.discount_code;
    await page.goto("/new-releases");
    await ready(page, javaScriptEnabled);
    await fillNewsletter(page, mine.toUpperCase(), "Soul");
    await expectToast(page, javaScriptEnabled, ALREADY_TITLE, ALREADY_TEXT, "info");
    if (javaScriptEnabled) {
      await expect(page.getByTestId("newsletter-code")).toHaveText(code);
      await expect(newsletter(page).getByLabel("Email address")).toHaveValue("");
    } else {
      await expect(toast(page, false, ALREADY_TITLE)).toContainText(code);
    }
    // And the browser that subscribed may read its code back; another may not.
    const back = await page.request.get(`/api/subscribers/email/${encodeURIComponent(mine)}`);
    expect(await back.json()).toEqual({ email: mine.toLowerCase(), discountCode: code });
    expect((await request.get(`/api/subscribers/email/${encodeURIComponent(mine)}`)).status()).toBe(404);
  });

  test("invalid input: the spec's messages, and nothing is stored @no-js", async ({ page, javaScriptEnabled }) => {
    const email = uniqueEmail("bad");
    await page.goto("/genres");
    await ready(page, javaScriptEnabled);
    const posts: string[] = [];
    page.on("request", (r) => r.method() === "POST" && posts.push(r.url()));
    const form = newsletter(page);

    await fillNewsletter(page, "not-an-email", "Jazz");
    if (javaScriptEnabled) {
      await expect(form.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
      await expect(form.getByLabel("Email address")).toHaveAccessibleDescription("Please enter a valid email address");
    } else {
      await expectToast(page, false, FAILED_TITLE, "Please enter a valid email address", "error");
      await expect(page).toHaveURL(/\/genres$/);
    }

    await page.goto("/genres");
    await ready(page, javaScriptEnabled);
    await fillNewsletter(page, email, "");
    if (javaScriptEnabled) {
      await expect(form.getByLabel("Favourite genre")).toHaveAccessibleDescription("Please select your favorite genre");
      // Fixing the field clears its message as you go.
      await form.getByLabel("Favourite genre").selectOption("Folk");
      await expect(form.getByLabel("Favourite genre")).not.toHaveAttribute("aria-invalid", "true");
      expect(posts).toEqual([]);
    } else {
      await expectToast(page, false, FAILED_TITLE, "Please select your favorite genre", "error");
    }
    expect(subscriberRow(email)).toBeUndefined();
  });

  test("a failed request says 'Subscription Failed' / 'Failed to subscribe. Please try again.'", async ({ page }) => {
    await page.goto("/genres");
    await ready(page, true);
    await page.route("**/newsletter.data*", (route) => route.abort("failed"));
    const email = uniqueEmail("offline");
    await fillNewsletter(page, email, "Jazz");
    await expectToast(page, true, FAILED_TITLE, "Failed to subscribe. Please try again.", "error");
    // The page is still there, the form still filled in, the button usable again.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Genres");
    await expect(newsletter(page).getByLabel("Email address")).toHaveValue(email);
    await expect(newsletter(page).getByRole("button", { name: "Subscribe" })).toBeEnabled();

    // A server error reads the same, and never replaces the page with the error page.
    await page.unroute("**/newsletter.data*");
    await page.route("**/newsletter.data*", (route) => route.fulfill({ status: 500, contentType: "text/plain", body: "boom" }));
    await page.goto("/genres");
    await ready(page, true);
    await fillNewsletter(page, email, "Jazz");
    await expectToast(page, true, FAILED_TITLE, "Failed to subscribe. Please try again.", "error");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Genres");
    expect(subscriberRow(email)).toBeUndefined();
  });

  test("a one-click unsubscribe (RFC 8058 POST to the link) answers 200 once, then 400", async ({ request, baseURL }) => {
    for (const [name, headers] of [
      ["from a mail client, without Origin", {}],
      ["from the shop's own page", { origin: baseURL! }],
    ] as const) {
      const email = uniqueEmail("oneclick");
      expect(
        (
          await request.post("/api/subscribe", { headers: { origin: baseURL! }, data: { email, favoriteGenre: "Jazz" } })
        ).status(),
      ).toBe(201);
      const link = /\/unsubscribe\?token=[a-z2-7]{32}/.exec(await welcomeMail(email))![0];
      const post = () => request.post(link, { headers, form: { "List-Unsubscribe": "One-Click" } });
      expect((await post()).status(), name).toBe(200);
      expect((await post()).status(), name).toBe(400);
    }
  });

  test("the unsubscribe link asks, unsubscribes, and works once @no-js", async ({
    page,
    javaScriptEnabled,
    request,
    baseURL,
  }) => {
    const email = uniqueEmail("leaver");
    expect(
      (await request.post("/api/subscribe", { headers: { origin: baseURL! }, data: { email, favoriteGenre: "Jazz" } })).status(),
    ).toBe(201);
    const link = /\/unsubscribe\?token=[a-z2-7]{32}/.exec(await welcomeMail(email))![0];

    await page.goto(link);
    await ready(page, javaScriptEnabled);
    await expect(page.getByRole("heading", { level: 1, name: "Unsubscribe" })).toBeVisible();
    await expect(page.getByText(`Stop sending the Needledrop newsletter to ${email.toLowerCase()}?`)).toBeVisible();
    await page.getByRole("main").getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { name: "You're unsubscribed" })).toBeVisible();
    expect(
      withDb((db) => db.prepare("select unsubscribed_at from subscribers where email = ?").get(email.toLowerCase())),
    ).toMatchObject({
      unsubscribed_at: expect.any(String),
    });

    await page.goto(link);
    await expect(page.getByText("This unsubscribe link is invalid or has already been used.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
  });
});

// ---------------------------------------------------------------------------------------------------------
// VinylBot
// ---------------------------------------------------------------------------------------------------------

test.describe("VinylBot", () => {
  test("opens with a greeting, minimises keeping the conversation, closes dropping it", async ({ page }) => {
    await openChat(page);
    await expect(chatInput(page)).toBeFocused();
    await expect(assistantMessages(page)).toHaveCount(1);
    await expect(assistantMessages(page).first()).toContainText("Hi! I'm VinylBot");
    await expect(chatLog(page)).toHaveAttribute("aria-live", "polite");
    await expect(chatButton(page)).toHaveCount(0);

    await ask(page, "hello");
    await expect(userMessages(page)).toHaveCount(1);

    // Minimise: the panel goes, the button comes back with focus, the conversation is kept.
    await dialog(page).getByRole("button", { name: "Minimise chat" }).click();
    await expect(dialog(page)).toHaveCount(0);
    const resume = page.getByRole("button", { name: "Resume chat with VinylBot" });
    await expect(resume).toBeFocused();
    await resume.click();
    await expect(userMessages(page)).toHaveCount(1);
    await expect(assistantMessages(page)).toHaveCount(2);
    await expect(chatInput(page)).toBeFocused();

    // Escape minimises too.
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toHaveCount(0);
    await expect(resume).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog(page)).toBeVisible();

    // Close: a new conversation next time.
    await dialog(page).getByRole("button", { name: "Close chat" }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Chat with VinylBot" })).toBeFocused();
    await chatButton(page).click();
    await expect(userMessages(page)).toHaveCount(0);
    await expect(assistantMessages(page)).toHaveCount(1);
  });

  test("Enter sends, Shift+Enter starts a new line, an empty message is not sent", async ({ page }) => {
    await openChat(page);
    const input = chatInput(page);
    const send = dialog(page).getByRole("button", { name: "Send message" });
    await expect(send).toBeDisabled();
    await input.fill("   ");
    await input.press("Enter");
    await expect(send).toBeDisabled();
    await expect(userMessages(page)).toHaveCount(0);

    await input.fill("");
    await input.pressSequentially("line one");
    await input.press("Shift+Enter");
    await input.pressSequentially("line two");
    await expect(input).toHaveValue("line one\nline two");
    await expect(userMessages(page)).toHaveCount(0);
    await input.press("Enter");
    await expect(userMessages(page)).toHaveCount(1);
    await expect(userMessages(page).first()).toContainText("line one\nline two", { useInnerText: true });
    await expect(input).toHaveValue("");

    // The send button works as well.
    await expect(assistantMessages(page)).toHaveCount(2);
    await input.fill("thanks");
    await send.click();
    await expect(userMessages(page)).toHaveCount(2);
    await expect(assistantMessages(page).nth(2)).toContainText("You're welcome!");
  });

  test("shows a typing indicator for 300-1000 ms before a reply", async ({ page }) => {
    // The page's clock only moves when the test moves it, so the bounds are checked exactly, however busy
    // the machine running the browser is.
    await page.clock.install();
    await openChat(page);
    await page.clock.pauseAt(Date.now() + 60_000);
    for (const question of ["What are your returns terms?", "hello", "thanks"]) {
      const before = await assistantMessages(page).count();
      // A message the catalogue may answer asks it first, in real time; the delay is then counted on the paused clock.
      // Moved on before that answer came, the clock would leave the reply's timer behind: wait for the answer itself
      // (waiting for the network to go idle returned at once on a loaded page, and the reply was lost under load).
      const lookup = catalogueMayAnswer(question) ? page.waitForResponse(/\/api\/chat\/lookup\?/) : null;
      await chatInput(page).fill(question);
      await chatInput(page).press("Enter");
      await expect(page.getByTestId("vinylbot-typing")).toBeVisible();
      if (lookup) await (await lookup).finished();
      await page.clock.runFor(299);
      await expect(page.getByTestId("vinylbot-typing")).toBeVisible();
      await expect(assistantMessages(page)).toHaveCount(before);
      await page.clock.runFor(701);
      await expect(assistantMessages(page)).toHaveCount(before + 1);
      await expect(page.getByTestId("vinylbot-typing")).toHaveCount(0);
    }
  });

  test("sending is disabled while a reply is pending", async ({ page }) => {
    // The page's clock stands still, so the chat's own 4 s lookup timeout cannot end the wait on a slow machine.
    await page.clock.install();
    await openChat(page);
    await page.clock.pauseAt(Date.now() + 60_000);
    // Hold the catalogue lookup until the test lets it go, so the reply stays pending however slow the machine.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/chat/lookup*", async (route) => {
      await held;
      await route.continue();
    });
    const input = chatInput(page);
    const send = dialog(page).getByRole("button", { name: "Send message" });
    await input.fill("Is Blue Train in stock?");
    await input.press("Enter");
    await expect(page.getByTestId("vinylbot-typing")).toBeVisible();
    await input.fill("second question");
    await expect(send).toBeDisabled();
    await input.press("Enter");
    await expect(input).toHaveValue("second question");
    await expect(userMessages(page)).toHaveCount(1);
    release();
    // The reply arrives after its typing pause, which starts once the lookup has answered: move the clock on
    // until it has. Then the waiting message can go.
    await expect(async () => {
      await page.clock.runFor(250);
      await expect(assistantMessages(page)).toHaveCount(2, { timeout: 250 });
    }).toPass({ timeout: 15_000 });
    await expect(assistantMessages(page).nth(1)).toContainText("Blue Train");
    await expect(send).toBeEnabled();
    await input.press("Enter");
    await expect(userMessages(page)).toHaveCount(2);
  });

  test("answers the spec's topics, and falls back when it does not understand", async ({ page }) => {
    await openChat(page);
    const cases: [string, string[]][] = [
      ["How should I clean my records?", ["carbon-fibre brush"]],
      ["How much is delivery?", ["1–5 working days", "Royal Mail", "£4", "£7"]],
      ["Can I return a record?", ["30 days", "original condition and packaging"]],
      ["When am I charged for a pre-order?", ["Your card is charged when you place the order"]],
      ["Do you sell limited editions?", ["limited editions"]],
      ["How do you grade used records?", ["M (Mint)", "NM (Near Mint)", "VG+", "G (Good)", "P (Poor)"]],
      ['What speed is a 7" single?', ['7" singles play at 45 RPM', "33 1/3 RPM", "180g"]],
      ["Any discounts?", ["seasonal promotions"]],
      ["Bye!", ["Goodbye"]],
      ["What is the meaning of life?", ["I'm not sure I understand your question..."]],
    ];
    for (const [question, facts] of cases) {
      const reply = await ask(page, question);
      for (const fact of facts) await expect(reply).toContainText(fact);
    }
    // The care answer links to the guide.
    await expect(assistantMessages(page).nth(1).getByRole("link", { name: "Vinyl Care Guide" })).toHaveAttribute(
      "href",
      "/vinyl-care",
    );
  });

  test("answers from the live catalogue, with the stock wording and a link to the record", async ({ page }) => {
    await openChat(page);
    const reply = await ask(page, "Is Blue Train in stock?");
    await expect(reply).toContainText(/"Blue Train" by John Coltrane is (In Stock|Running Low|Not In Stock|a Pre-Order)/);
    const link = reply.getByRole("link", { name: "Blue Train by John Coltrane" });
    await expect(link).toHaveAttribute("href", /^\/vinyl\/\d+-john-coltrane-blue-train$/);

    const artist = await ask(page, "anything by miles davis?");
    await expect(artist).toContainText("Here's what we have by Miles Davis:");
    await expect(artist.getByRole("link", { name: "Everything by Miles Davis" })).toHaveAttribute(
      "href",
      "/browse?q=Miles+Davis",
    );

    // Following the link keeps the chat open on the record page.
    await link.click();
    await expect(page).toHaveURL(/\/vinyl\/\d+-john-coltrane-blue-train$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Blue Train");
    await expect(dialog(page)).toBeVisible();
  });

  test("the open chat has no serious accessibility problem, at phone and desktop widths", async ({ page }) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await openChat(page);
      await ask(page, "Is Blue Train in stock?");
      const results = await new AxeBuilder({ page }).include("#vinylbot-dialog").include("footer").analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
      expect(serious).toEqual([]);
    }
  });

  test("without JavaScript the chat button opens a help page of the same topics @no-js", async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, "the fallback is for browsers without JavaScript");
    await page.goto("/genres");
    const link = page.getByRole("link", { name: "Chat with VinylBot" });
    await expect(link).toHaveAttribute("href", "/help");
    await link.click();
    await expect(page).toHaveURL(/\/help$/);
    await expect(page.getByRole("heading", { level: 1, name: "VinylBot help" })).toBeVisible();
    const help = page.getByRole("main");
    for (const question of [
      "How do I look after my records?",
      "How much is delivery and how long does it take?",
      "Can I return a record?",
      "How do pre-orders work?",
      "Do you sell limited editions?",
      "How do you grade second-hand records?",
      "Which formats and speeds do you stock?",
      "Do you have any discounts?",
    ]) {
      await expect(help.getByText(question)).toBeVisible();
    }
    await expect(help).toContainText("Standard delivery takes 1–5 working days with Royal Mail");
    await help.getByRole("link", { name: "Vinyl Care Guide" }).click();
    await expect(page).toHaveURL(/\/vinyl-care$/);
  });
});
