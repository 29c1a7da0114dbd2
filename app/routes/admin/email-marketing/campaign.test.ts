import { describe, expect, it } from "vitest";
import { signedInAdmin, withSubmissionKey } from "../../../../tests/setup/admin-routes";
import { formPost, routeArgs, settle, toastOf } from "../../../../tests/setup/route-context";
import { useShopServices } from "../../../../tests/setup/shop-fixtures";
import { action as create } from "./campaign-new";
import { action } from "./campaign";

const shop = useShopServices();
const args = (path: string, fields: Record<string, string>, cookie: string, campaignId = "") => ({
  ...routeArgs({ db: shop.t.db, services: shop.s }, formPost(path, withSubmissionKey(fields), cookie)),
  params: { campaignId },
});

async function draft(cookie: string): Promise<string> {
  const fields = { intent: "save", subject: "Autumn", body: "New in.", featured: "", segment: "all", genre: "" };
  const out = await settle(() => create(args("/admin/email-marketing/campaigns/new", fields, cookie)));
  return out.location!.split("/").at(-1)!;
}

describe("a campaign's page", () => {
  it("a new campaign with nothing in it is answered on each field in the shop's words", async () => {
    const admin = await signedInAdmin(shop);
    const out = await settle(() => create(args("/admin/email-marketing/campaigns/new", { intent: "save" }, admin.cookie)));
    expect(out.status).toBe(400);
    expect(out.data).toMatchObject({
      intent: "save",
      result: { error: { subject: ["Give the campaign a subject."], body: ["Write the campaign's text."] } },
    });
  });

  it("sends a test to the address typed, and sends only once the box is ticked", async () => {
    const admin = await signedInAdmin(shop);
    const id = await draft(admin.cookie);
    const path = `/admin/email-marketing/campaigns/${id}`;
    const test = await settle(() => action(args(path, { intent: "test", email: "me@example.com" }, admin.cookie, id)));
    expect(await toastOf(test.headers)).toMatchObject({ title: "Test sent to me@example.com" });
    const unticked = await settle(() => action(args(path, { intent: "send", expected: "0" }, admin.cookie, id)));
    expect(unticked.status).toBe(400);
    expect(unticked.data).toMatchObject({ result: { error: { confirm: ["Tick the box to confirm, then send."] } } });
    const deleted = await settle(() => action(args(path, { intent: "delete" }, admin.cookie, id)));
    expect(deleted.location).toBe("/admin/email-marketing");
  });
});
