import { describe, expect, it } from "vitest";
import { codeForStep, parseSecretText, stepAt } from "../../domain/two-factor/totp";
import { SHOP_PUBLIC_ORIGIN, useShopServices } from "../../../tests/setup/shop-fixtures";
import {
  cookieValue,
  formPost,
  newCustomer,
  pageGet,
  routeArgs,
  sessionOf,
  setCookieOf,
  settle,
  SHOP_ORIGIN,
  toastOf,
} from "../../../tests/setup/route-context";
import { softwareAuthenticator } from "../../../tests/setup/software-authenticator";
import { action as authAction } from "./auth";
import { action as signInAction } from "./passkey";
import { loader as stepLoader } from "./two-factor";
import { action as addAction } from "../account/passkey";
import { action as settingsAction, loader as settingsLoader } from "../account/two-factor";

const shop = useShopServices();
const call = (request: Request) => routeArgs({ db: shop.t.db, services: shop.s }, request);
const sessionCookie = (headers: Headers) => `session=${cookieValue(setCookieOf(headers, "session"))}`;

function jsonPost(path: string, body: unknown, cookie?: string): Request {
  return new Request(`${SHOP_ORIGIN}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: SHOP_ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** A signed-in customer with the authenticator app on; their cookie and password. */
async function customerWithApp() {
  const { user, password } = await newCustomer(shop.s);
  const asker = { id: user.id, clientIp: "198.51.100.7" };
  const { secret } = shop.s.twoFactor.newSecret(user.username);
  shop.s.twoFactor.enable(asker, { secret, code: codeForStep(parseSecretText(secret)!, stepAt(Date.now())) });
  const cookie = sessionOf(shop.s, user.id).cookie;
  return { user, password, cookie };
}

/** Adds a passkey through the endpoint, as the browser's button does. */
async function addPasskey(cookie: string) {
  const device = softwareAuthenticator({ origin: SHOP_PUBLIC_ORIGIN });
  const options = (await (
    await addAction(call(jsonPost("/profile/two-factor/passkey", { step: "options" }, cookie)))
  ).json()) as {
    challenge: string;
  };
  const added = await addAction(
    call(jsonPost("/profile/two-factor/passkey", { step: "verify", response: device.attest(options.challenge) }, cookie)),
  );
  return { device, added };
}

/** The password step done: the pending session's cookie. */
async function pendingCookie(user: { username: string }, password: string) {
  const out = await settle(() =>
    authAction(call(formPost("/auth", { intent: "login", username: user.username, password, redirectTo: "/favorites" }))),
  );
  expect(out.location).toBe("/auth/two-factor?redirectTo=%2Ffavorites");
  return sessionCookie(out.headers);
}

describe("adding a passkey (POST /profile/two-factor/passkey)", () => {
  it("is for signed-in people who have the app on", async () => {
    const out = await addAction(call(jsonPost("/profile/two-factor/passkey", { step: "options" })));
    expect(out.status).toBe(401);
    const { user } = await newCustomer(shop.s);
    const noApp = await addAction(
      call(jsonPost("/profile/two-factor/passkey", { step: "options" }, sessionOf(shop.s, user.id).cookie)),
    );
    expect(noApp.status).toBe(409);
    expect(((await noApp.json()) as { error: string }).error).toMatch(/authenticator app/);
  });

  it("answers bad bodies with a 400, never a 500", async () => {
    const { cookie } = await customerWithApp();
    for (const body of ["{not json", { step: "sign" }, { step: "verify", response: { id: "x" } }, "[]"]) {
      const out = await addAction(call(jsonPost("/profile/two-factor/passkey", body, cookie)));
      expect(out.status).toBe(400);
      expect(out.headers.get("Cache-Control")).toBe("no-store");
    }
    // A well-formed answer to no challenge at all.
    const device = softwareAuthenticator({ origin: SHOP_PUBLIC_ORIGIN });
    const out = await addAction(
      call(jsonPost("/profile/two-factor/passkey", { step: "verify", response: device.attest("AAAA") }, cookie)),
    );
    expect(out.status).toBe(400);
  });

  it("adds one, lists it on the settings page, and removes it with a plain form", async () => {
    const { user, cookie } = await customerWithApp();
    const { added } = await addPasskey(cookie);
    expect(added.status).toBe(200);
    const { passkey } = (await added.json()) as { passkey: { id: number; name: string } };
    expect(passkey.name).toMatch(/^Passkey added \d{1,2} \w{3} \d{4}$/);
    const page = await settle(() => settingsLoader(call(pageGet("/profile/two-factor", cookie))));
    expect(page.data).toMatchObject({ enabled: true, passkeys: [{ id: passkey.id, name: passkey.name, lastUsedAt: null }] });
    // Someone else's passkey id is not found, and nothing is removed.
    const other = await customerWithApp();
    const refused = await settle(() =>
      settingsAction(
        call(formPost("/profile/two-factor", { intent: "removePasskey", passkeyId: String(passkey.id) }, other.cookie)),
      ),
    );
    expect(refused.status).toBe(404);
    const bad = await settle(() =>
      settingsAction(call(formPost("/profile/two-factor", { intent: "removePasskey", passkeyId: "abc" }, cookie))),
    );
    expect(bad.status).toBe(400);
    const removed = await settle(() =>
      settingsAction(call(formPost("/profile/two-factor", { intent: "removePasskey", passkeyId: String(passkey.id) }, cookie))),
    );
    expect(removed.status).toBe(303);
    expect(removed.location).toBe("/profile/two-factor");
    expect(await toastOf(removed.headers)).toMatchObject({ title: "Passkey removed" });
    expect(shop.s.passkeys.list(user.id)).toEqual([]);
  });
});

describe("the sign-in step with a passkey (POST /auth/two-factor/passkey)", () => {
  it("needs a session waiting for its second factor", async () => {
    const out = await signInAction(call(jsonPost("/auth/two-factor/passkey", { step: "options" })));
    expect(out.status).toBe(401);
    const { cookie } = await customerWithApp();
    // A fully signed-in session has no step to pass.
    expect((await signInAction(call(jsonPost("/auth/two-factor/passkey", { step: "options" }, cookie)))).status).toBe(401);
  });

  it("offers the button only to an account with a passkey, and refuses options without one", async () => {
    const { user, password } = await customerWithApp();
    const pending = await pendingCookie(user, password);
    const step = await settle(() => stepLoader(call(pageGet("/auth/two-factor?redirectTo=%2Ffavorites", pending))));
    expect(step.data).toEqual({ redirectTo: "/favorites", method: "code", hasPasskey: false });
    expect((await signInAction(call(jsonPost("/auth/two-factor/passkey", { step: "options" }, pending)))).status).toBe(409);
  });

  it("signs in with a right signature: a new session past the step, a toast, the way onward", async () => {
    const { user, password, cookie } = await customerWithApp();
    const { device } = await addPasskey(cookie);
    const pending = await pendingCookie(user, password);
    const step = await settle(() => stepLoader(call(pageGet("/auth/two-factor?redirectTo=%2Ffavorites", pending))));
    expect(step.data).toMatchObject({ hasPasskey: true });
    const options = (await (
      await signInAction(call(jsonPost("/auth/two-factor/passkey", { step: "options" }, pending)))
    ).json()) as {
      challenge: string;
    };
    // A forged signature first: refused with a 400, and the pending session stays pending.
    const forger = softwareAuthenticator({ origin: SHOP_PUBLIC_ORIGIN });
    const forged = await signInAction(
      call(
        jsonPost(
          "/auth/two-factor/passkey",
          { step: "verify", response: { ...forger.assert(options.challenge), id: device.id, rawId: device.id } },
          pending,
        ),
      ),
    );
    expect(forged.status).toBe(400);
    expect(forged.headers.get("Set-Cookie")).toBeNull();
    const again = (await (
      await signInAction(call(jsonPost("/auth/two-factor/passkey", { step: "options" }, pending)))
    ).json()) as {
      challenge: string;
    };
    const out = await signInAction(
      call(
        jsonPost(
          "/auth/two-factor/passkey",
          { step: "verify", response: device.assert(again.challenge), redirectTo: "https://evil.test/steal" },
          pending,
        ),
      ),
    );
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ redirectTo: "/" });
    const session = shop.s.sessions.validate(cookieValue(setCookieOf(out.headers, "session"))!);
    expect(session).toMatchObject({ pendingTwoFactor: false, user: { id: user.id } });
    expect(await toastOf(out.headers)).toMatchObject({ title: "Login successful" });
    // The pending session has ended.
    expect(shop.s.sessions.validate(pending.slice("session=".length))).toBeNull();
  });
});
