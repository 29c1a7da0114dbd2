import { eq } from "drizzle-orm";
import { giveTwoFactor } from "../../../../tests/setup/two-factor";
import { describe, expect, it } from "vitest";
import { RULE_MESSAGES } from "~/domain/discounts/discount-rule-schema";
import { discountCodes, users } from "../../../../db/schema";
import { useShopServices } from "../../../../tests/setup/shop-fixtures";
import { withSubmissionKey } from "../../../../tests/setup/admin-routes";
import { formPost as plainPost, newCustomer, pageGet, routeArgs, sessionOf, settle } from "../../../../tests/setup/route-context";
import { action, loader } from "./marketing-tools";

const shop = useShopServices();
/** Each post is a freshly loaded form's, with its own submission key. */
const formPost = (path: string, fields: Record<string, string>, cookie: string) =>
  plainPost(path, withSubmissionKey(fields), cookie);
const call = (request: Request) => routeArgs({ db: shop.t.db, services: shop.s }, request);
const row = (code: string) => shop.t.db.select().from(discountCodes).where(eq(discountCodes.code, code)).get();

async function adminCookie(): Promise<string> {
  const { user } = await newCustomer(shop.s);
  shop.t.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id)).run();
  giveTwoFactor(shop.t.db, user.id);
  return sessionOf(shop.s, user.id).cookie;
}

const fields = { intent: "create", code: "form-10", name: "Form code", kind: "fixed", amount: "10", minSpend: "30.00" };

describe("/marketing-tools", () => {
  it("is refused to a customer, for the page and the form", async () => {
    const { user } = await newCustomer(shop.s);
    const { cookie } = sessionOf(shop.s, user.id);
    expect((await settle(() => loader(call(pageGet("/marketing-tools", cookie))))).status).toBe(403);
    expect((await settle(() => action(call(formPost("/marketing-tools", fields, cookie))))).status).toBe(403);
    expect(row("FORM-10")).toBeUndefined();
  });

  it("an admin creates a code with the plain form (303 with a toast), and the table lists it", async () => {
    const cookie = await adminCookie();
    const out = await settle(() => action(call(formPost("/marketing-tools", fields, cookie))));
    expect(out.status).toBe(303);
    expect(out.location).toBe("/marketing-tools");
    expect(row("FORM-10")).toMatchObject({ kind: "fixed", amountOffPence: 1000, minSpendPence: 3000, active: true });
    const page = await settle(() => loader(call(pageGet("/marketing-tools", cookie))));
    expect(page.data?.codes.map((c) => c.code)).toContain("FORM-10");
  });

  it("answers bad input and a taken code with 4xx and the field's message, keeping what was typed", async () => {
    const cookie = await adminCookie();
    const bad = await settle(() => action(call(formPost("/marketing-tools", { ...fields, code: "x y" }, cookie))));
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      intent: "create",
      result: { error: { code: [RULE_MESSAGES.code] }, initialValue: { code: "x y", amount: "10" } },
    });
    await settle(() => action(call(formPost("/marketing-tools", { ...fields, code: "TAKEN-1" }, cookie))));
    const taken = await settle(() => action(call(formPost("/marketing-tools", { ...fields, code: "taken-1" }, cookie))));
    expect(taken.status).toBe(409);
    expect(taken.data).toMatchObject({ result: { error: { code: [RULE_MESSAGES.taken] } } });
  });

  it("edits a code from ?edit and switches it off", async () => {
    const cookie = await adminCookie();
    await settle(() => action(call(formPost("/marketing-tools", { ...fields, code: "EDIT-ME" }, cookie))));
    const id = row("EDIT-ME")!.id;
    const page = await settle(() => loader(call(pageGet(`/marketing-tools?edit=${id}`, cookie))));
    expect(page.data?.editing).toMatchObject({ id, code: "EDIT-ME", values: { amount: "10.00", minSpend: "30.00" } });
    const { code: _code, ...rest } = fields;
    const saved = await settle(() =>
      action(
        call(
          formPost(
            `/marketing-tools?edit=${id}`,
            { ...rest, intent: "update", id: String(id), kind: "percent", amount: "12" },
            cookie,
          ),
        ),
      ),
    );
    expect(saved.status).toBe(303);
    expect(row("EDIT-ME")).toMatchObject({ kind: "percent", percentOff: 12, amountOffPence: null });
    const off = await settle(() =>
      action(call(formPost("/marketing-tools", { intent: "setActive", id: String(id), active: "false" }, cookie))),
    );
    expect(off.status).toBe(303);
    expect(row("EDIT-ME")!.active).toBe(false);
  });
});
