import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Actor } from "../../app/domain/admin/audit";
import { MAX_ACTIVE_SLIDES } from "../../app/domain/home/slide-rules";
import { slideSchema } from "../../app/domain/home/slide-schema";
import { ConflictError, NotFoundError, ValidationError } from "../../app/domain/shared/errors";
import { parseInput } from "../../app/domain/shared/parse-input";
import { auditLog, homeSlides, users } from "../../db/schema";
import { useShopServices } from "../../tests/setup/shop-fixtures";
import { createSlidesService } from "./slides";

const shop = useShopServices();
let admin: Actor;
let dir: string;
let slides: ReturnType<typeof createSlidesService>;

beforeAll(async () => {
  const user = await shop.s.accounts.register({ username: "slider", email: "slider@example.com", password: "secret-password" });
  shop.t.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id)).run();
  admin = { id: user.id, username: "slider" };
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-slides-"));
  slides = createSlidesService(shop.t.db, { mediaDir: dir, audit: shop.s.audit });
});
beforeEach(() => shop.t.db.delete(homeSlides).run());
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const input = (over: Record<string, string> = {}) =>
  parseInput(slideSchema, {
    title: "Record Store Day",
    description: "Limited pressings from 8 am.",
    buttonText: "See the list",
    buttonLink: "/browse?q=rsd",
    bgColor: "#16130f",
    textColor: "#ffffff",
    active: "on",
    ...over,
  });
const image = async (width: number, height: number) =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width, height, channels: 3, background: "#a04020" } })
          .png()
          .toBuffer(),
      ),
    ],
    "a.png",
  );
const fileOf = (url: string) => path.join(dir, url.replace("/media/", ""));
const slideFiles = () => (fs.existsSync(path.join(dir, "slides")) ? fs.readdirSync(path.join(dir, "slides")).sort() : []);

describe("home slides", () => {
  it("shows none until one is active (the page keeps its default), then the active ones in order", async () => {
    expect(slides.active()).toEqual([]);
    const a = await slides.create(admin, input({ title: "First" }));
    await slides.create(admin, input({ title: "Hidden", active: "off" }));
    const c = await slides.create(admin, input({ title: "Third" }));
    expect(slides.active().map((s) => s.title)).toEqual(["First", "Third"]);
    slides.move(admin, c.id, "up");
    slides.move(admin, c.id, "up");
    expect(slides.active().map((s) => s.title)).toEqual(["Third", "First"]);
    // A slide without images is its colour alone.
    expect(slides.active()[1]).toMatchObject({ id: `slide-${a.id}`, bgImage: "", mobileImage: "", bgColor: "#16130f" });
    const audit = shop.t.db.select().from(auditLog).where(eq(auditLog.entityType, "home slide")).all();
    expect(audit.map((e) => e.action)).toContain("slide moved up");
  });

  it("crops images to the artwork's sizes, phones falling back to the wide one, and tidies files it replaces", async () => {
    const row = await slides.create(admin, input(), { desktop: await image(3000, 2000) });
    expect(row.bgImage).toMatch(/^\/media\/slides\/[0-9a-f]{20}\.jpg$/);
    const meta = await sharp(fileOf(row.bgImage!)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1600, 720]);
    expect(slides.active()[0]!.mobileImage).toBe(row.bgImage);
    const withTall = await slides.update(admin, row.id, input(), { mobile: await image(900, 1600) });
    expect((await sharp(fileOf(withTall.mobileImage!)).metadata()).height).toBe(1000);
    expect(withTall.bgImage).toBe(row.bgImage);
    // Removing the wide image deletes its file; deleting the slide deletes the rest.
    await slides.update(admin, row.id, input(), { removeDesktop: true });
    expect(fs.existsSync(fileOf(row.bgImage!))).toBe(false);
    await slides.remove(admin, row.id);
    expect(slideFiles()).toEqual([]);
  });

  it("refuses a file that is not an image, leaving nothing behind, and a seventh shown slide", async () => {
    const fake = new File(["<svg/>"], "x.png");
    const error = await slides.create(admin, input(), { desktop: await image(800, 400), mobile: fake }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields).toEqual({ mobileImage: ["The tall image must be a JPEG, PNG or WebP image."] });
    expect(slideFiles()).toEqual([]);
    expect(slides.list()).toEqual([]);
    for (let i = 0; i < MAX_ACTIVE_SLIDES; i++) await slides.create(admin, input({ title: `S${i}` }));
    await expect(slides.create(admin, input())).rejects.toBeInstanceOf(ConflictError);
    const hidden = await slides.create(admin, input({ active: "off" }));
    await expect(slides.update(admin, hidden.id, input())).rejects.toBeInstanceOf(ConflictError);
    // A shown slide can be saved again: it does not count against itself.
    const first = slides.list()[0]!;
    await expect(slides.update(admin, first.id, input({ title: "Renamed" }))).resolves.toMatchObject({ title: "Renamed" });
    await expect(slides.remove(admin, 99_999)).rejects.toBeInstanceOf(NotFoundError);
    expect(() => slides.move(admin, 99_999, "up")).toThrow(NotFoundError);
  });
});
