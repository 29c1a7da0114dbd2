import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaignSchema } from "../app/domain/campaigns/campaign-schema";
import { parseInput } from "../app/domain/shared/parse-input";
import { records } from "../db/schema";
import { listen } from "../tests/setup/http";
import { catchMail } from "../tests/setup/mail-catcher";
import { seededTestDb, type TestDb } from "../tests/setup/test-db";
import { createApp } from "./app";
import { mailOrigin } from "./mail/links";
import { createServices } from "./services";

// A campaign's covers are read by mail clients, far from the shop: Gmail and Outlook fetch them through their own
// image proxies, other clients straight from the reader's browser or app. So each cover must be an absolute address
// on the shop's configured public origin, and that address must answer anyone, with no session and from any page.
const PUBLIC_ORIGIN = "https://records.example";
let t: TestDb;
let base: string;
let close: () => Promise<void>;
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-campaign-covers-"));
const inbox = catchMail();
let services: ReturnType<typeof createServices>;

beforeAll(async () => {
  process.env.ACCESS_LOG = "off";
  process.env.MEDIA_DIR = mediaDir;
  t = await seededTestDb();
  const app = createApp({ db: t.db, pages: (_req, res) => void res.type("html").send("<p>page</p>") });
  ({ url: base, close } = await listen(app));
  // The shop's services as the server builds them: the origin from configuration only (PUBLIC_ORIGIN).
  services = createServices(t.db, { mediaDir, mailTransport: inbox, publicOrigin: mailOrigin({ PUBLIC_ORIGIN }) });
});

afterAll(async () => {
  await services.mail.idle();
  await close();
  t.cleanup();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe("a campaign's covers in the mail", () => {
  it("are absolute addresses on the configured public origin, never a relative path", async () => {
    const owner = await services.accounts.register({
      username: "coverowner",
      email: "coverowner@example.com",
      password: "correct horse battery",
    });
    const admin = { id: owner.id, username: owner.username, ip: "203.0.113.9", permission: "email.manage" };
    const featured = t.db.select({ id: records.id }).from(records).limit(2).all();
    const campaign = services.campaigns.create(
      admin,
      parseInput(campaignSchema, {
        subject: "This week",
        body: "New in.",
        segment: "all",
        featured: featured.map((r) => r.id).join(", "),
      }),
    );
    services.campaigns.testSend(admin, { campaignId: campaign.id, email: "owner@example.com" });
    await services.mail.idle();
    const html = inbox.messages.at(-1)!.html!;
    const sources = [...html.matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources).toHaveLength(2);
    for (const src of sources) expect(src).toMatch(new RegExp(`^${PUBLIC_ORIGIN}/img/240/jpeg/covers/[^/]+\\.jpg$`));
  });

  it("answer anyone, without a session, as a JPEG any page may show", async () => {
    for (const address of ["/img/240/jpeg/covers/track-1.jpg", "/media/covers/track-2.jpg"]) {
      const answer = await fetch(`${base}${address}`, { headers: { Origin: "https://mail.example", Accept: "image/*" } });
      expect(answer.status, address).toBe(200);
      expect(answer.headers.get("content-type"), address).toBe("image/jpeg");
      // Without this a browser showing the mail on another site refuses the image (helmet's default is same-origin).
      expect(answer.headers.get("cross-origin-resource-policy"), address).toBe("cross-origin");
      expect(answer.headers.get("set-cookie"), address).toBeNull();
    }
  });
});
