import { describe, expect, it } from "vitest";
import { createServices } from "../../../server/services";
import { insertRecord, SHOP_PUBLIC_ORIGIN, useShopServices } from "../../../tests/setup/shop-fixtures";
import {
  cookies,
  cookieValue,
  formPost,
  newCustomer,
  pageGet,
  routeArgs,
  sessionOf,
  setCookieOf,
  settle,
  toastOf,
} from "../../../tests/setup/route-context";
import { action, loader } from "./reset-password";

const shop = useShopServices();
const call = (request: Request) => routeArgs({ db: shop.t.db, services: shop.s }, request);

const SENT = {
  type: "success",
  title: "Password Reset Email Sent",
  description: "If the email is associated with an account, you'll receive instructions to reset your password.",
};
const INVALID_LINK = "This reset link is invalid or has expired.";

const requestReset = (email: string) => formPost("/reset-password", { intent: "request", email });
const resetWith = (token: string, password: string, cookie?: string) =>
  formPost("/reset-password", { intent: "reset", token, password, confirmPassword: password }, cookie);

/** The reset token in the newest reset mail delivered to `email`, or null. */
async function mailedToken(email: string): Promise<string | null> {
  await shop.s.mail.idle();
  const mail = shop.inbox.last(email, /Reset/);
  if (!mail) return null;
  const link = /\bhttps?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text)?.[0];
  return link && link.startsWith(SHOP_PUBLIC_ORIGIN) ? new URL(link).searchParams.get("token") : null;
}

describe("reset-password loader", () => {
  it("hands the page the token of the link, or none", async () => {
    expect((await settle(() => loader(call(pageGet("/reset-password?token=abcdefghijklmnop"))))).data).toEqual({
      token: "abcdefghijklmnop",
    });
    expect((await settle(() => loader(call(pageGet("/reset-password"))))).data).toEqual({ token: null });
  });
});

describe("asking for a reset", () => {
  it("answers the same 'Password Reset Email Sent' whether or not an account has the address; only an account gets mail", async () => {
    const { user } = await newCustomer(shop.s);
    const stranger = `nobody-${Date.now()}@example.com`;
    const known = await settle(() => action(call(requestReset(user.email))));
    const unknown = await settle(() => action(call(requestReset(stranger))));
    for (const out of [known, unknown]) {
      expect(out.status).toBe(200);
      expect(out.data).toMatchObject({ intent: "request", sent: true, toast: SENT });
      expect(out.headers.getSetCookie()).toEqual([]);
    }
    expect({ ...known.data, result: undefined }).toEqual({ ...unknown.data, result: undefined });
    expect(await mailedToken(user.email)).toMatch(/^[a-z2-7]{32}$/);
    expect(shop.s.mail.outbox(500).some((m) => m.to === stranger)).toBe(false);
  });

  it("an address that is not one answers 400 with 'Password Reset Request Failed'", async () => {
    const out = await settle(() => action(call(requestReset("not an address"))));
    expect(out.status).toBe(400);
    expect(out.data).toMatchObject({
      intent: "request",
      result: { error: { email: ["Invalid email address"] } },
      toast: { type: "error", title: "Password Reset Request Failed" },
    });
    expect(out.data).not.toHaveProperty("sent");
  });
});

describe("choosing a new password", () => {
  it("with the mailed token signs in, moves visitor favourites onto the account and ends old sessions; the token works once", async () => {
    const { user, password: oldPassword } = await newCustomer(shop.s);
    const otherDevice = sessionOf(shop.s, user.id);
    await settle(() => action(call(requestReset(user.email))));
    const token = (await mailedToken(user.email))!;
    expect(token).toBeTruthy();

    const liked = [insertRecord(shop.t.db), insertRecord(shop.t.db)];
    const cookie = cookies(`needledrop-favourites=${liked.map((r) => r.id).join(".")}`);
    const out = await settle(() => action(call(resetWith(token, "a-brand-new-password", cookie))));
    expect(out.status).toBe(303);
    expect(out.location).toBe("/");
    const session = cookieValue(setCookieOf(out.headers, "session"));
    expect(shop.s.sessions.validate(session ?? "")?.user.id).toBe(user.id);
    expect(await toastOf(out.headers)).toEqual({
      type: "success",
      title: "Password changed",
      description: `You are signed in, ${user.username}.`,
    });
    expect([...shop.s.favourites.ids(user.id)].sort((a, b) => a - b)).toEqual(liked.map((r) => r.id).sort((a, b) => a - b));
    expect(cookieValue(setCookieOf(out.headers, "needledrop-favourites"))).toBe("");
    expect(shop.s.sessions.validate(otherDevice.token)).toBeNull();
    await expect(
      shop.s.accounts.login({ username: user.username, password: "a-brand-new-password", clientIp: "192.0.2.9" }),
    ).resolves.toMatchObject({ id: user.id });
    await expect(
      shop.s.accounts.login({ username: user.username, password: oldPassword, clientIp: "192.0.2.9" }),
    ).rejects.toThrow();

    const again = await settle(() => action(call(resetWith(token, "yet-another-password"))));
    expect(again.status).toBe(400);
    expect(again.data).toMatchObject({
      intent: "reset",
      toast: { type: "error", title: "Password Reset Failed", description: INVALID_LINK },
    });
    expect(again.data?.result.error).toEqual({ "": [INVALID_LINK], token: [INVALID_LINK] });
    expect(setCookieOf(again.headers, "session")).toBeUndefined();
  });

  it("a made-up token is refused with 400", async () => {
    const out = await settle(() => action(call(resetWith("a".repeat(32), "a-brand-new-password"))));
    expect(out.status).toBe(400);
    expect(out.data?.result.error).toEqual({ "": [INVALID_LINK], token: [INVALID_LINK] });
  });

  it("mismatched passwords answer 400 on confirmPassword without spending the token", async () => {
    const { user } = await newCustomer(shop.s);
    await settle(() => action(call(requestReset(user.email))));
    const token = (await mailedToken(user.email))!;
    const mismatched = formPost("/reset-password", {
      intent: "reset",
      token,
      password: "first-choice",
      confirmPassword: "second-choice",
    });
    const out = await settle(() => action(call(mismatched)));
    expect(out.status).toBe(400);
    expect(out.data?.result.error).toEqual({ confirmPassword: ["Passwords do not match"] });
    expect(out.data?.result.initialValue).not.toHaveProperty("token");
    const retry = await settle(() => action(call(resetWith(token, "first-choice"))));
    expect(retry.status).toBe(303);
  });
});

describe("reset requests past the per-address limit", () => {
  it("answer 429 with Retry-After and a form message saying when to try again, and send nothing", async () => {
    const strict = createServices(shop.t.db, { mediaDir: "", rateLimits: { resetRequestsPerAddress: { limit: 1 } } });
    const strictCall = (request: Request) => routeArgs({ db: shop.t.db, services: strict }, request, { clientIp: "192.0.2.46" });
    const { user } = await newCustomer(strict);
    expect(await settle(() => action(strictCall(requestReset(user.email))))).toMatchObject({ status: 200 });
    const refused = await settle(() => action(strictCall(requestReset(user.email))));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(55 * 60);
    const message = refused.data?.toast?.description;
    expect(message).toMatch(/^Too many password reset requests from your network\. Try again in 6[0-5] minutes\.$/);
    expect(refused.data).toMatchObject({ intent: "request", toast: { type: "error" } });
    expect(refused.data).not.toHaveProperty("sent");
    expect(refused.data?.result?.error?.[""]).toEqual([message]);
    await strict.mail.idle();
    expect(strict.mail.outbox(500).filter((m) => m.to === user.email && m.kind === "password-reset")).toHaveLength(1);
  });
});
