import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, users } from "../../../db/schema";
import { codeForStep, parseSecretText, stepAt } from "../../domain/two-factor/totp";
import { createServices } from "../../../server/services";
import { useShopServices } from "../../../tests/setup/shop-fixtures";
import {
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
import { action as authAction } from "./auth";
import { action as stepAction, loader as stepLoader } from "./two-factor";
import { action as setUpAction, loader as setUpLoader } from "../account/two-factor";
import { loader as profileLoader } from "../account/profile";

const shop = useShopServices();
const call = (request: Request, clientIp?: string) => routeArgs({ db: shop.t.db, services: shop.s }, request, { clientIp });

const sessionCookie = (headers: Headers) => `session=${cookieValue(setCookieOf(headers, "session"))}`;
const sessionIn = (headers: Headers) => shop.s.sessions.validate(cookieValue(setCookieOf(headers, "session"))!);

/** A customer who turned two-factor sign-in on through the set-up page; their key, codes and a signed-in cookie. */
async function customerWithTwoFactor() {
  const { user, password } = await newCustomer(shop.s);
  const cookie = sessionOf(shop.s, user.id).cookie;
  const page = await settle(() => setUpLoader(call(pageGet("/profile/two-factor?redirectTo=%2Ffavorites", cookie))));
  if (!page.data || page.data.enabled) throw new Error("expected the set-up form");
  const secret = page.data.secret;
  const key = parseSecretText(secret)!;
  const enabled = await settle(() =>
    setUpAction(
      call(
        formPost(
          "/profile/two-factor",
          { intent: "enable", secret, code: codeForStep(key, stepAt(Date.now())), redirectTo: "/favorites" },
          cookie,
        ),
      ),
    ),
  );
  const data = enabled.data as { recoveryCodes: string[]; continueTo: string };
  return { user, password, key, codes: data.recoveryCodes, enabled, data };
}

async function logIn(user: { username: string }, password: string) {
  return settle(() =>
    authAction(call(formPost("/auth", { intent: "login", username: user.username, password, redirectTo: "/favorites" }))),
  );
}

describe("the set-up page", () => {
  it("is for signed-in people only", async () => {
    const out = await settle(() => setUpLoader(call(pageGet("/profile/two-factor"))));
    expect(out.location).toBe("/auth?redirectTo=%2Fprofile%2Ftwo-factor");
  });

  it("turns it on with a right code: ten codes shown once, a renewed session past the step, the way onward", async () => {
    const { user, enabled, data } = await customerWithTwoFactor();
    expect(enabled.status).toBe(200);
    expect(enabled.headers.get("Cache-Control")).toBe("no-store");
    expect(data.recoveryCodes).toHaveLength(10);
    expect(data.continueTo).toBe("/favorites");
    const session = sessionIn(enabled.headers);
    expect(session).toMatchObject({ pendingTwoFactor: false, user: { id: user.id } });
    const after = await settle(() => setUpLoader(call(pageGet("/profile/two-factor", sessionCookie(enabled.headers)))));
    expect(after.data).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });
    const profile = await settle(() => profileLoader(call(pageGet("/profile", sessionCookie(enabled.headers)))));
    expect(profile.data?.twoFactorOn).toBe(true);
  });

  it("refuses a wrong code, a tampered secret and nonsense with a 400, keeping the secret shown", async () => {
    const { user } = await newCustomer(shop.s);
    const cookie = sessionOf(shop.s, user.id).cookie;
    const page = await settle(() => setUpLoader(call(pageGet("/profile/two-factor", cookie))));
    const secret = (page.data as { secret: string }).secret;
    const key = parseSecretText(secret)!;
    const wrong = codeForStep(key, stepAt(Date.now()) - 5);
    const post = (fields: Record<string, string>) =>
      settle(() => setUpAction(call(formPost("/profile/two-factor", fields, cookie))));
    const refused = await post({ intent: "enable", secret, code: wrong });
    expect(refused.status).toBe(400);
    const reply = refused.data as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    expect(reply.result.error.code).toEqual(["That code is not right, or it has been used already."]);
    expect(reply.result.initialValue.secret).toBe(secret);
    expect(reply.result.initialValue.code).toBeUndefined();
    expect((await post({ intent: "enable", secret: `${secret}<b>`, code: "123456" })).status).toBe(400);
    expect((await post({ intent: "enable", secret, code: "12" })).status).toBe(400);
    expect((await post({ intent: "nonsense" })).status).toBe(400);
    expect(shop.s.twoFactor.isEnabled(user.id)).toBe(false);
  });

  it("will not turn off for an owner, whose role needs it", async () => {
    const { user, codes, enabled } = await customerWithTwoFactor();
    shop.t.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id)).run();
    const cookie = sessionCookie(enabled.headers);
    const page = await settle(() => setUpLoader(call(pageGet("/profile/two-factor", cookie))));
    expect(page.data).toMatchObject({ enabled: true, required: true });
    const out = await settle(() =>
      setUpAction(call(formPost("/profile/two-factor", { intent: "disable", code: codes[0]! }, cookie))),
    );
    expect(out.status).toBe(403);
    expect(shop.s.twoFactor.isEnabled(user.id)).toBe(true);
  });

  it("turns off for a customer with a recovery code", async () => {
    const { user, codes, enabled } = await customerWithTwoFactor();
    const cookie = sessionCookie(enabled.headers);
    const out = await settle(() =>
      setUpAction(call(formPost("/profile/two-factor", { intent: "disable", code: codes[1]! }, cookie))),
    );
    expect(out.status).toBe(303);
    expect(out.location).toBe("/profile");
    expect(shop.s.twoFactor.isEnabled(user.id)).toBe(false);
  });
});

describe("signing in with a second factor", () => {
  it("sends the password step to the code step with a session that signs no one in yet", async () => {
    const { user, password } = await customerWithTwoFactor();
    const out = await logIn(user, password);
    expect(out.location).toBe("/auth/two-factor?redirectTo=%2Ffavorites");
    expect(await toastOf(out.headers)).toBeNull();
    const session = sessionIn(out.headers);
    expect(session).toMatchObject({ pendingTwoFactor: true });
    // The pending session opens nothing else.
    const profile = await settle(() => profileLoader(call(pageGet("/profile", sessionCookie(out.headers)))));
    expect(profile.location).toBe("/auth?redirectTo=%2Fprofile");
    const step = await settle(() =>
      stepLoader(call(pageGet("/auth/two-factor?redirectTo=%2Ffavorites", sessionCookie(out.headers)))),
    );
    expect(step.data).toEqual({ redirectTo: "/favorites", method: "code", hasPasskey: false });
  });

  it("sends anyone without a pending sign-in to /auth, and someone signed in onward", async () => {
    const none = await settle(() => stepLoader(call(pageGet("/auth/two-factor?redirectTo=%2Fcart"))));
    expect(none.location).toBe("/auth?redirectTo=%2Fcart");
    const posted = await settle(() => stepAction(call(formPost("/auth/two-factor", { intent: "code", code: "123456" }))));
    expect(posted.location).toBe("/auth?redirectTo=%2F");
    const { user } = await newCustomer(shop.s);
    const signedIn = await settle(() =>
      stepLoader(call(pageGet("/auth/two-factor?redirectTo=%2Fcart", sessionOf(shop.s, user.id).cookie))),
    );
    expect(signedIn.location).toBe("/cart");
  });

  it("signs in with the app's code once, refuses it again, and logs both", async () => {
    const { user, password, key } = await customerWithTwoFactor();
    const code = codeForStep(key, stepAt(Date.now()) + 1);
    const first = await logIn(user, password);
    const wrong = await settle(() =>
      stepAction(
        call(
          formPost(
            "/auth/two-factor",
            { intent: "code", code: code === "000000" ? "000001" : "000000" },
            sessionCookie(first.headers),
          ),
        ),
      ),
    );
    expect(wrong.status).toBe(400);
    const passed = await settle(() =>
      stepAction(
        call(formPost("/auth/two-factor", { intent: "code", code, redirectTo: "/favorites" }, sessionCookie(first.headers))),
      ),
    );
    expect(passed.status).toBe(303);
    expect(passed.location).toBe("/favorites");
    expect(sessionIn(passed.headers)).toMatchObject({ pendingTwoFactor: false, user: { id: user.id } });
    // The pending session ended with the step.
    expect(shop.s.sessions.validate(cookieValue(setCookieOf(first.headers, "session"))!)).toBeNull();

    const second = await logIn(user, password);
    const replay = await settle(() =>
      stepAction(call(formPost("/auth/two-factor", { intent: "code", code }, sessionCookie(second.headers)))),
    );
    expect(replay.status).toBe(400);
    expect(sessionIn(second.headers)).toMatchObject({ pendingTwoFactor: true });
    const logged = shop.t.db
      .select({ action: auditLog.action, area: auditLog.area, ip: auditLog.actorIp })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(user.id)))
      .all();
    expect(logged.map((l) => l.action)).toEqual(["two-factor-enabled", "two-factor-failed", "sign-in", "two-factor-failed"]);
    expect(logged.every((l) => l.area === "sign-in" && l.ip === "198.51.100.7")).toBe(true);
  });

  it("takes a recovery code once, without JavaScript's help (the other form is a link)", async () => {
    const { user, password, codes } = await customerWithTwoFactor();
    const first = await logIn(user, password);
    const page = await settle(() => stepLoader(call(pageGet("/auth/two-factor?method=recovery", sessionCookie(first.headers)))));
    expect(page.data).toMatchObject({ method: "recovery" });
    const recovery = (cookie: string) =>
      settle(() =>
        stepAction(call(formPost("/auth/two-factor", { intent: "recovery", recoveryCode: codes[0]!.toLowerCase() }, cookie))),
      );
    const passed = await recovery(sessionCookie(first.headers));
    expect(passed.location).toBe("/");
    expect(await toastOf(passed.headers)).toMatchObject({ description: expect.stringContaining("9 left") });
    const second = await logIn(user, password);
    expect((await recovery(sessionCookie(second.headers))).status).toBe(400);
  });

  it("answers 429 past the limit of wrong codes from one address", async () => {
    const { user, password, key } = await customerWithTwoFactor();
    const login = await logIn(user, password);
    const right = codeForStep(key, stepAt(Date.now()) + 1);
    const wrong = right === "000000" ? "000001" : "000000";
    // The shop's own limits (the test shop's are 100 times higher): 10 wrong codes per account and address.
    const strict = createServices(shop.t.db, { mediaDir: "", mailTransport: shop.inbox });
    const post = (code: string) =>
      settle(() =>
        stepAction(
          routeArgs(
            { db: shop.t.db, services: strict },
            formPost("/auth/two-factor", { intent: "code", code }, sessionCookie(login.headers)),
            {
              clientIp: "203.0.113.50",
            },
          ),
        ),
      );
    for (let i = 0; i < 10; i++) expect((await post(wrong)).status).toBe(400);
    const refused = await post(right);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
  });
});
