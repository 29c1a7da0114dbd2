import { eq } from "drizzle-orm";
import { giveTwoFactor } from "../../../../tests/setup/two-factor";
import { describe, expect, it } from "vitest";
import { auditLog, instagramPosts, users } from "../../../../db/schema";
import { insertRecord, useShopServices } from "../../../../tests/setup/shop-fixtures";
import { withSubmissionKey } from "../../../../tests/setup/admin-routes";
import { formPost, newCustomer, pageGet, routeArgs, sessionOf, settle, toastOf } from "../../../../tests/setup/route-context";
import { action, loader } from "./instagram";
import { loader as captionLoader } from "./instagram-caption";
import { loader as imageLoader } from "./instagram-image";

// The page's forms as a browser without JavaScript sends them. Posts are inserted directly (no image is rendered
// here; the service's own tests render them).

const shop = useShopServices();
const call = (request: Request) => routeArgs({ db: shop.t.db, services: shop.s }, request);
const PATH = "/admin/instagram-management";

async function adminCookie(): Promise<string> {
  const { user } = await newCustomer(shop.s);
  shop.t.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id)).run();
  giveTwoFactor(shop.t.db, user.id);
  return sessionOf(shop.s, user.id).cookie;
}

function draftPost(status: "draft" | "scheduled" = "draft"): number {
  const record = insertRecord(shop.t.db, { title: "Route Pressing" });
  return shop.t.db
    .insert(instagramPosts)
    .values({
      recordId: record.id,
      caption: "Old words #Vinyl",
      imagePath: "/media/instagram/post-000000000000000000000000.jpg",
      status,
      scheduledAt: status === "scheduled" ? "2099-01-01T09:00:00.000Z" : null,
    })
    .returning({ id: instagramPosts.id })
    .get().id;
}

describe("/admin/instagram-management", () => {
  it("is for admins only: a customer gets 403 and changes nothing", async () => {
    const { user } = await newCustomer(shop.s);
    const cookie = sessionOf(shop.s, user.id).cookie;
    const postId = draftPost();
    expect((await settle(() => loader(call(pageGet(PATH, cookie))))).status).toBe(403);
    const out = await settle(() =>
      action(call(formPost(PATH, { intent: "caption", postId: String(postId), caption: "Hijacked" }, cookie))),
    );
    expect(out.status).toBe(403);
    expect(shop.s.instagram.get(postId).caption).toBe("Old words #Vinyl");
  });

  it("lists posts and record choices for an admin, says publishing is manual", async () => {
    const cookie = await adminCookie();
    const postId = draftPost();
    const out = await settle(() => loader(call(pageGet(`${PATH}?q=Route%20Press`, cookie))));
    expect(out.status).toBe(200);
    expect(out.data!.canPublish).toBe(false);
    expect(out.data!.posts.map((p) => p.id)).toContain(postId);
    expect(out.data!.choices.every((c) => c.title.includes("Route Press"))).toBe(true);
  });

  it("saves a caption and a schedule with a toast, audited", async () => {
    const cookie = await adminCookie();
    const postId = draftPost();
    const saved = await settle(() =>
      action(call(formPost(PATH, { intent: "caption", postId: String(postId), caption: "New words\r\n#Vinyl" }, cookie))),
    );
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(`${PATH}#post-${postId}`);
    expect((await toastOf(saved.headers))?.title).toBe("Post saved");
    expect(shop.s.instagram.get(postId).caption).toBe("New words\n#Vinyl");

    const scheduled = await settle(() =>
      action(
        call(
          formPost(
            PATH,
            { intent: "schedule", postId: String(postId), date: "2099-07-01", time: "10:15", status: "scheduled" },
            cookie,
          ),
        ),
      ),
    );
    expect(scheduled.status).toBe(303);
    expect(shop.s.instagram.get(postId)).toMatchObject({ status: "scheduled", scheduledAt: "2099-07-01T09:15:00.000Z" });
    const actions = shop.t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(postId)))
      .all()
      .map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["instagram post changed", "instagram post scheduled"]));
  });

  it("answers bad input with a 4xx and a short message, never a 500", async () => {
    const cookie = await adminCookie();
    const postId = String(draftPost());
    const post = (fields: Record<string, string>) =>
      settle(() => action(call(formPost(PATH, withSubmissionKey(fields), cookie))));

    // Each refusal names the form it came from and echoes its post, so the page shows it on that post's form.
    const refusal = (message: RegExp) => ({
      result: { error: { "": [expect.stringMatching(message)] }, initialValue: { postId } },
    });
    const past = await post({ intent: "schedule", postId, date: "2020-01-01", time: "09:00", status: "scheduled" });
    expect(past.status).toBe(400);
    expect(past.data).toMatchObject({ intent: "schedule", ...refusal(/in the future/) });
    const long = await post({ intent: "caption", postId, caption: "x".repeat(2201) });
    expect(long.status).toBe(400);
    expect(long.data).toMatchObject({ intent: "caption", ...refusal(/2,200/) });
    expect((await post({ intent: "status", postId, status: "posted" })).status).toBe(400);
    expect((await post({ intent: "caption", postId: "abc", caption: "x" })).status).toBe(400);
    expect((await post({ intent: "create", recordId: "0" })).status).toBe(400);
    expect((await post({ intent: "create", recordId: "99999999" })).status).toBe(404);
    expect((await post({ intent: "publish", postId })).status).toBe(409);
    expect((await post({ intent: "nonsense" })).status).toBe(400);
    const scheduled = String(draftPost("scheduled"));
    expect((await post({ intent: "remove", postId: scheduled })).status).toBe(409);
    expect((await post({ intent: "remove", postId: scheduled, confirm: "yes" })).status).toBe(409);
    const asked = await post({ intent: "remove", postId });
    expect([asked.status, asked.data]).toMatchObject([200, { intent: "remove", confirm: { fields: { postId } } }]);
    expect(
      shop.t.db
        .select()
        .from(instagramPosts)
        .where(eq(instagramPosts.id, Number(postId)))
        .get(),
    ).toBeDefined();
    expect((await post({ intent: "remove", postId, confirm: "yes" })).status).toBe(303);
    expect(
      shop.t.db
        .select()
        .from(instagramPosts)
        .where(eq(instagramPosts.id, Number(postId)))
        .get(),
    ).toBeUndefined();
  });

  it("serves the caption as a plain-text download; a missing image is a 404", async () => {
    const cookie = await adminCookie();
    const postId = String(draftPost());
    const args = (path: string) => ({ ...call(pageGet(path, cookie)), params: { postId } });
    const caption = await captionLoader(args(`${PATH}/${postId}/caption.txt`) as never);
    expect(caption.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(caption.headers.get("Content-Disposition")).toBe(`attachment; filename="instagram-post-${postId}.txt"`);
    expect(await caption.text()).toBe("Old words #Vinyl\n");
    const image = await settle(() => imageLoader(args(`${PATH}/${postId}/image.jpg`) as never));
    expect(image.status).toBe(404);
  });
});
