import { describe, expect, it } from "vitest";
import { formPost, newCustomer, pageGet, routeArgs, sessionOf, settle } from "../../../tests/setup/route-context";
import { useShopServices } from "../../../tests/setup/shop-fixtures";
import { action, loader } from "./sessions";

const shop = useShopServices();
const args = (request: Request) => routeArgs({ db: shop.t.db, services: shop.s }, request) as never;

describe("/profile/sessions", () => {
  it("lists a person's sessions, this one marked, and signs out one of theirs but never another person's", async () => {
    const { user } = await newCustomer(shop.s);
    const here = sessionOf(shop.s, user.id);
    const phone = shop.s.sessions.create(user.id, {
      userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Safari/604.1",
      ipAddress: "203.0.113.4",
    });
    const stranger = (await newCustomer(shop.s)).user;
    const theirs = shop.s.sessions.create(stranger.id);

    const listed = await settle(() => loader(args(pageGet("/profile/sessions", here.cookie))));
    const sessions = (listed.data as { sessions: { id: string; device: string; current: boolean; ipAddress: string | null }[] })
      .sessions;
    expect(sessions).toHaveLength(2);
    expect(sessions.find((s) => s.current)?.id).toBe(here.sessionId);
    expect(sessions.find((s) => !s.current)).toMatchObject({ device: "Safari on iOS", ipAddress: "203.0.113.4" });

    await settle(() => action(args(formPost("/profile/sessions", { intent: "one", sessionId: theirs.sessionId }, here.cookie))));
    expect(shop.s.sessions.validate(theirs.token)).not.toBeNull();
    await settle(() => action(args(formPost("/profile/sessions", { intent: "one", sessionId: phone.sessionId }, here.cookie))));
    expect(shop.s.sessions.validate(phone.token)).toBeNull();
    expect(shop.s.sessions.validate(here.token)).not.toBeNull();
  });

  it("signs out every other session, keeping this one", async () => {
    const { user } = await newCustomer(shop.s);
    const here = sessionOf(shop.s, user.id);
    const others = [shop.s.sessions.create(user.id), shop.s.sessions.create(user.id)];
    const out = await settle(() => action(args(formPost("/profile/sessions", { intent: "others" }, here.cookie))));
    expect(out.status).toBe(303);
    for (const o of others) expect(shop.s.sessions.validate(o.token)).toBeNull();
    expect(shop.s.sessions.validate(here.token)).not.toBeNull();
  });

  it("sends a visitor to sign in", async () => {
    const out = await settle(() => action(args(formPost("/profile/sessions", { intent: "others" }))));
    expect(out.location).toMatch(/^\/auth\?/);
  });
});
