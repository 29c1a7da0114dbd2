import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { records } from "../../../../db/schema";
import { signedInAdmin } from "../../../../tests/setup/admin-routes";
import { formPost, pageGet, routeArgs, settle, toastOf } from "../../../../tests/setup/route-context";
import { insertRecord, useShopServices } from "../../../../tests/setup/shop-fixtures";
import { action, loader } from "./schedule";

const shop = useShopServices();
const PATH = "/admin/schedule-management";
const post = (fields: Record<string, string>, cookie: string) =>
  settle(() => action(routeArgs({ db: shop.t.db, services: shop.s }, formPost(PATH, fields, cookie))));

describe("the schedule page's forms", () => {
  it("schedule a record and go back to the month the admin was looking at", async () => {
    const admin = await signedInAdmin(shop);
    const record = insertRecord(shop.t.db);
    const back = `${PATH}?month=2099-01&view=list`;
    const fields = { intent: "schedule", kind: "record", target: String(record.id), date: "2099-01-01", time: "09:00", back };
    const out = await post(fields, admin.cookie);
    expect(out.location).toBe(back);
    expect(await toastOf(out.headers)).toMatchObject({ title: "Scheduled" });
    const elsewhere = await post({ ...fields, back: "https://example.com/" }, admin.cookie);
    expect(elsewhere.location).toBe(PATH);
  });

  it("answers a record that does not exist on the form, and a time the clocks skip on its field", async () => {
    const admin = await signedInAdmin(shop);
    const missing = await post(
      { intent: "schedule", kind: "record", target: "999999999", date: "2099-01-01", time: "09:00" },
      admin.cookie,
    );
    expect(missing.status).toBe(404);
    expect(missing.data).toMatchObject({ intent: "schedule", result: { error: { "": ["No record with id 999999999."] } } });
    const skipped = await post(
      { intent: "schedule", kind: "record", target: "1", date: "2099-03-29", time: "01:30" },
      admin.cookie,
    );
    expect(skipped.status).toBe(400);
    expect(skipped.data).toMatchObject({ result: { error: { time: [expect.stringContaining("does not exist in London")] } } });
  });

  it("publishes a scheduled record from its row with the same move as the form's button", async () => {
    const admin = await signedInAdmin(shop);
    const record = insertRecord(shop.t.db);
    await post(
      { intent: "schedule", kind: "record", target: String(record.id), date: "2099-01-01", time: "09:00" },
      admin.cookie,
    );
    const out = await post({ intent: "publish-scheduled", kind: "record", target: String(record.id) }, admin.cookie);
    expect(await toastOf(out.headers)).toMatchObject({ title: "Published" });
  });

  it("lists the chosen month's releases in the list view, as the calendar does", async () => {
    const admin = await signedInAdmin(shop);
    const march = insertRecord(shop.t.db, { title: "March Pressing", releaseDate: "2099-03-14" });
    const april = insertRecord(shop.t.db, { title: "April Pressing", releaseDate: "2099-04-02" });
    const load = (query: string) =>
      loader(routeArgs({ db: shop.t.db, services: shop.s }, pageGet(`${PATH}?${query}`, admin.cookie)));
    const listed = (await load("month=2099-03&view=list")).upcoming!;
    expect(listed.items.map((e) => e.id)).toEqual([march.id]);
    expect(listed.total).toBe(1);
    const calendar = (await load("month=2099-03")).calendar;
    expect(calendar.map((e) => e.id)).toEqual([march.id]);
    expect((await load("month=2099-04&view=list")).upcoming!.items.map((e) => e.id)).toEqual([april.id]);
  });

  it("moves the physical release with the release date, or keeps it when the box is ticked", async () => {
    const admin = await signedInAdmin(shop);
    const record = insertRecord(shop.t.db, { releaseDate: "2099-03-14", physicalReleaseDate: "2099-03-21" });
    const move = (releaseDate: string, keep?: "on") =>
      post(
        { intent: "move", recordId: String(record.id), releaseDate, ...(keep ? { keepPhysicalReleaseDate: keep } : {}) },
        admin.cookie,
      );
    expect(await toastOf((await move("2099-04-01")).headers)).toMatchObject({
      description: "Now 1 April 2099: pre-order; physical release 8 April 2099.",
    });
    expect(await toastOf((await move("2099-04-03", "on")).headers)).toMatchObject({
      description: "Now 3 April 2099: pre-order; physical release 8 April 2099.",
    });
    const refused = await move("2099-05-01", "on");
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ intent: "move", result: { error: { "": [expect.stringContaining("8 April 2099")] } } });
  });

  it("asks before taking a record off the shop, and unpublishes only on the confirm panel's post", async () => {
    const admin = await signedInAdmin(shop);
    const record = insertRecord(shop.t.db, { title: "Keep Me Up", artist: "The Askers" });
    const back = `${PATH}?month=2099-01`;
    const fields = { intent: "unpublish", kind: "record", target: String(record.id), back };
    const published = () => shop.t.db.select().from(records).where(eq(records.id, record.id)).get()!.published;
    const asked = await post(fields, admin.cookie);
    expect(asked.status).toBe(200);
    expect(asked.data).toMatchObject({
      intent: "unpublish",
      confirm: {
        title: "Unpublish The Askers – Keep Me Up?",
        keepTo: back,
        fields: { kind: "record", target: String(record.id), back },
      },
    });
    expect(published()).toBe(true);
    // Asking about something that cannot be unpublished is refused at once.
    expect((await post({ ...fields, target: "999999999" }, admin.cookie)).status).toBe(404);
    const done = await post({ ...fields, confirm: "yes" }, admin.cookie);
    expect(done.location).toBe(back);
    expect(await toastOf(done.headers)).toMatchObject({ title: "Unpublished" });
    expect(published()).toBe(false);
  });
});
