import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { subscribers } from "../../../db/schema";
import { createServices } from "../../../server/services";
import { useShopServices } from "../../../tests/setup/shop-fixtures";
import { formPost, newCustomer, routeArgs, sessionOf, setCookieOf, settle, toastOf } from "../../../tests/setup/route-context";
import type { NewsletterAnswer } from "~/components/newsletter/newsletter-answer";
import { action } from "./subscribe";

const shop = useShopServices();
const call = (request: Request) => routeArgs({ db: shop.t.db, services: shop.s }, request);

const CODE = /^VINYL10-[A-HJKMNP-Z2-9]{6}$/;
let n = 0;
const freshEmail = () => `listener${++n}-${Date.now()}@example.com`;

/** The footer form: with JavaScript it adds js=1 and reads the answer as data. */
const withJs = (fields: Record<string, string>, cookie?: string) => formPost("/newsletter", { js: "1", ...fields }, cookie);
const withoutJs = (fields: Record<string, string>, cookie?: string) => formPost("/newsletter", fields, cookie);

/** The code a sign-up answer shows this browser, if any. */
const codeOf = (answer: unknown) => (answer as NewsletterAnswer | undefined)?.joined?.discountCode;

const subscriberRow = (email: string) => shop.t.db.select().from(subscribers).where(eq(subscribers.email, email)).get();

describe("newsletter sign-up with JavaScript (js=1)", () => {
  it("a new address is subscribed and gets its discount code and the owner cookie", async () => {
    const email = freshEmail();
    const out = await settle(() => action(call(withJs({ email: `  ${email.toUpperCase()} `, favoriteGenre: "jazz" }))));
    expect(out.status).toBe(200);
    expect(out.data).toMatchObject({
      joined: { already: false },
      // The form empties itself.
      result: { initialValue: null },
      toast: {
        type: "success",
        title: "Subscription Successful",
        description: "Thank you for subscribing! Your discount code is ready to use.",
      },
    });
    const code = codeOf(out.data);
    expect(code).toMatch(CODE);
    expect(out.location).toBeNull();
    expect(setCookieOf(out.headers, "nl_sub")).toMatch(/HttpOnly/);
    expect(subscriberRow(email)).toMatchObject({ favoriteGenre: "Jazz", discountCode: code });
  });

  it("an address already subscribed answers 'already'; the code only to the browser that subscribed it", async () => {
    const email = freshEmail();
    const first = await settle(() => action(call(withJs({ email, favoriteGenre: "Rock" }))));
    const owner = setCookieOf(first.headers, "nl_sub")!.split(";", 1)[0];

    const stranger = await settle(() => action(call(withJs({ email, favoriteGenre: "Rock" }))));
    expect(stranger.status).toBe(200);
    expect(stranger.data).toMatchObject({
      joined: { already: true, discountCode: null },
      toast: { type: "info", title: "Already Subscribed", description: "You're already subscribed to our newsletter!" },
    });
    expect(setCookieOf(stranger.headers, "nl_sub")).toBeUndefined();

    const sameBrowser = await settle(() => action(call(withJs({ email, favoriteGenre: "Rock" }, owner))));
    expect(sameBrowser.data).toMatchObject({ joined: { already: true, discountCode: codeOf(first.data) } });
  });

  it("a signed-in customer sees the code of their own address when already subscribed", async () => {
    const { user } = await newCustomer(shop.s);
    const first = await settle(() => action(call(withJs({ email: user.email, favoriteGenre: "Soul" }))));
    const again = await settle(() =>
      action(call(withJs({ email: user.email, favoriteGenre: "Soul" }, sessionOf(shop.s, user.id).cookie))),
    );
    expect(again.data).toMatchObject({ joined: { already: true, discountCode: codeOf(first.data) } });
  });

  it("an invalid form answers 400 with the field messages and subscribes nobody", async () => {
    const out = await settle(() => action(call(withJs({ email: "not-an-address", favoriteGenre: "" }))));
    expect(out.status).toBe(400);
    expect(out.data).not.toHaveProperty("joined");
    expect(out.data?.toast).toEqual({
      type: "error",
      title: "Subscription Failed",
      description: "Please enter a valid email address",
    });
    expect(out.data?.result?.error).toEqual({
      email: ["Please enter a valid email address"],
      favoriteGenre: ["Please select your favorite genre"],
    });
    expect(subscriberRow("not-an-address")).toBeUndefined();
  });
});

describe("newsletter sign-up without JavaScript", () => {
  it("subscribes and redirects (303) back to the page, the code in the toast", async () => {
    const email = freshEmail();
    const out = await settle(() => action(call(withoutJs({ email, favoriteGenre: "Funk", redirectTo: "/browse?genre=Funk" }))));
    expect(out.status).toBe(303);
    expect(out.location).toBe("/browse?genre=Funk");
    const code = subscriberRow(email)?.discountCode;
    expect(code).toMatch(CODE);
    expect(await toastOf(out.headers)).toEqual({
      type: "success",
      title: "Subscription Successful",
      description: `Thank you for subscribing! Your discount code is ready to use: ${code}`,
    });
    expect(setCookieOf(out.headers, "nl_sub")).toBeDefined();
  });

  it("an already subscribed address is told so in the toast", async () => {
    const email = freshEmail();
    await settle(() => action(call(withoutJs({ email, favoriteGenre: "Pop", redirectTo: "/" }))));
    const out = await settle(() => action(call(withoutJs({ email, favoriteGenre: "Pop", redirectTo: "/genres" }))));
    expect(out.status).toBe(303);
    expect(out.location).toBe("/genres");
    expect(await toastOf(out.headers)).toEqual({
      type: "info",
      title: "Already Subscribed",
      description: "You're already subscribed to our newsletter!",
    });
  });

  it("an invalid form redirects back with the first message in a failure toast", async () => {
    const out = await settle(() => action(call(withoutJs({ email: "nope", favoriteGenre: "Jazz", redirectTo: "/vinyl-care" }))));
    expect(out.status).toBe(303);
    expect(out.location).toBe("/vinyl-care");
    expect(await toastOf(out.headers)).toEqual({
      type: "error",
      title: "Subscription Failed",
      description: "Please enter a valid email address",
    });
  });

  it.each([["https://evil.example/"], ["//evil.example/"], ["/\\evil.example"], [""]])(
    "falls back to / for redirectTo %j",
    async (redirectTo) => {
      const out = await settle(() => action(call(withoutJs({ email: freshEmail(), favoriteGenre: "Jazz", redirectTo }))));
      expect(out.status).toBe(303);
      expect(out.location).toBe("/");
    },
  );
});

describe("newsletter sign-ups past the per-address limit", () => {
  const strict = () => createServices(shop.t.db, { mediaDir: "", rateLimits: { newsletterPerAddress: { limit: 1 } } });
  const MESSAGE = /^Too many newsletter sign-ups from your network\. Try again in 6[0-5] minutes\.$/;

  it("without JavaScript: a 429 page (not a redirect) saying when to try again, with Retry-After; nobody subscribed", async () => {
    const services = strict();
    const strictCall = (request: Request) => routeArgs({ db: shop.t.db, services }, request, { clientIp: "192.0.2.47" });
    expect((await settle(() => action(strictCall(withoutJs({ email: freshEmail(), favoriteGenre: "Jazz" }))))).status).toBe(303);
    const email = freshEmail();
    const refused = await settle(() => action(strictCall(withoutJs({ email, favoriteGenre: "Jazz", redirectTo: "/browse" }))));
    expect(refused.status).toBe(429);
    expect(refused.location).toBeNull();
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(55 * 60);
    expect(refused.data).toMatchObject({ toast: { type: "error", title: "Subscription Failed" } });
    expect(refused.data).not.toHaveProperty("joined");
    expect(refused.data?.toast?.description).toMatch(MESSAGE);
    expect(subscriberRow(email)).toBeUndefined();
  });

  it("with JavaScript: 429 data with the same message", async () => {
    const services = strict();
    const strictCall = (request: Request) => routeArgs({ db: shop.t.db, services }, request, { clientIp: "192.0.2.48" });
    await settle(() => action(strictCall(withJs({ email: freshEmail(), favoriteGenre: "Jazz" }))));
    const refused = await settle(() => action(strictCall(withJs({ email: freshEmail(), favoriteGenre: "Jazz" }))));
    expect(refused.status).toBe(429);
    expect(refused.data?.toast?.description).toMatch(MESSAGE);
    expect(refused.data?.result?.error?.[""]?.[0]).toMatch(MESSAGE);
  });
});
