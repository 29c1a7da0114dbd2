import { describe, expect, it } from "vitest";
import { signedInAdmin, withSubmissionKey } from "../../../../tests/setup/admin-routes";
import { formPost, pageGet, routeArgs, settle, toastOf } from "../../../../tests/setup/route-context";
import { insertRecord, useShopServices } from "../../../../tests/setup/shop-fixtures";
import { action as create } from "./campaign-new";
import { action, loader } from "./campaign";

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
    const deleted = await settle(() => action(args(path, { intent: "delete", confirm: "yes" }, admin.cookie, id)));
    expect(deleted.location).toBe("/admin/email-marketing");
  });

  it("asks before deleting a draft, and deletes nothing until the confirm panel's post", async () => {
    const admin = await signedInAdmin(shop);
    const id = await draft(admin.cookie);
    const path = `/admin/email-marketing/campaigns/${id}`;
    const asked = await settle(() => action(args(path, { intent: "delete" }, admin.cookie, id)));
    expect(asked.status).toBe(200);
    expect(asked.data).toMatchObject({ intent: "delete", confirm: { title: "Delete the draft “Autumn”?", keepTo: path } });
    expect(shop.s.campaigns.get(Number(id)).subject).toBe("Autumn");
    const deleted = await settle(() => action(args(path, { intent: "delete", confirm: "yes" }, admin.cookie, id)));
    expect(await toastOf(deleted.headers)).toMatchObject({ title: "Draft deleted" });
    expect(() => shop.s.campaigns.get(Number(id))).toThrow();
  });
});

describe("a draft's featured records", () => {
  it("are found by a GET search on the page and added and removed by posts that come back to the search", async () => {
    const admin = await signedInAdmin(shop);
    const id = await draft(admin.cookie);
    const record = insertRecord(shop.t.db, { artist: "Sun Ra Arkestra", title: "Lanquidity" });
    const path = `/admin/email-marketing/campaigns/${id}?find=lanquid`;
    const page = await settle(() =>
      loader({ ...routeArgs({ db: shop.t.db, services: shop.s }, pageGet(path, admin.cookie)), params: { campaignId: id } }),
    );
    expect(page.data).toMatchObject({ find: "lanquid", found: [{ id: record.id, title: "Lanquidity" }] });
    const added = await settle(() => action(args(path, { intent: "feature", recordId: String(record.id) }, admin.cookie, id)));
    expect(added.location).toBe(`/admin/email-marketing/campaigns/${id}?find=lanquid`);
    expect(shop.s.campaigns.get(Number(id)).featured.map((r) => r.id)).toEqual([record.id]);
    // Saving the text from the form (which names no featured records) keeps them.
    const fields = { intent: "save", subject: "Autumn again", body: "New in.", segment: "all", genre: "" };
    await settle(() => action(args(`/admin/email-marketing/campaigns/${id}`, fields, admin.cookie, id)));
    expect(shop.s.campaigns.get(Number(id)).featured.map((r) => r.id)).toEqual([record.id]);
    await settle(() => action(args(path, { intent: "unfeature", recordId: String(record.id) }, admin.cookie, id)));
    expect(shop.s.campaigns.get(Number(id)).featured).toEqual([]);
    const bad = await settle(() => action(args(path, { intent: "feature", recordId: "x" }, admin.cookie, id)));
    expect(bad.status).toBe(400);
    const missing = await settle(() => action(args(path, { intent: "feature", recordId: "999999999" }, admin.cookie, id)));
    expect(missing.status).toBe(404);
  });
});
