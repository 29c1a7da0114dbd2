import { describe, expect, it } from "vitest";
import { subscribers } from "../../../db/schema";
import { useShopServices } from "../../../tests/setup/shop-fixtures";
import { callerFor } from "../../../tests/setup/trpc-caller";

const shop = useShopServices();

describe("admin.campaigns", () => {
  it("answers bad input with BAD_REQUEST, and writes, previews, test-sends and sends a campaign for an admin", async () => {
    shop.t.db.delete(subscribers).run();
    shop.t.db
      .insert(subscribers)
      .values([
        { email: "a@example.com", favoriteGenre: "Jazz" },
        { email: "b@example.com", favoriteGenre: "Rock" },
      ])
      .run();
    const admin = await shop.s.accounts.register({
      username: "mailer",
      email: "mailer@example.com",
      password: "correct horse battery",
    });
    const c = callerFor(shop, { id: admin.id, username: admin.username, role: "admin" }).admin.campaigns;
    const campaign = { subject: "Jazz week", body: "Hello **jazz** fans.", segment: "genre-fans", genre: "Jazz" } as const;
    await expect(c.create({ ...campaign, genre: undefined })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(c.create({ ...campaign, featured: "999999999" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(c.audience({ segment: "everyone" as "all" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await c.audience({ segment: "all" })).toEqual({ size: 2 });
    const created = await c.create(campaign);
    expect(created).toMatchObject({ status: "draft", audienceSize: 1, audience: "Subscribers whose favourite genre is Jazz" });
    expect((await c.preview({ campaignId: created.id })).html).toContain("<strong>jazz</strong>");
    await expect(c.testSend({ campaignId: created.id, email: "not an address" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await c.testSend({ campaignId: created.id, email: "Owner@Example.com" })).toMatchObject({ sends: true });
    await expect(c.send({ campaignId: created.id, expected: 2 })).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await c.send({ campaignId: created.id, expected: 1 })).toMatchObject({ status: "sending", counts: { queued: 1 } });
    await expect(c.remove({ campaignId: created.id })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(c.get({ campaignId: 99_999 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await c.list()).map((x) => x.id)).toEqual([created.id]);
    await shop.s.mail.idle();
    expect(shop.inbox.last("owner@example.com")?.subject).toBe("[Test] Jazz week");
  });
});
