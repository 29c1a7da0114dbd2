import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../app/domain/admin/audit";
import { MAX_COPY_PHOTOS, PHOTO_MAX_EDGE, PHOTO_MESSAGES } from "../../app/domain/catalogue/copy-photos";
import { usedCopySchema } from "../../app/domain/catalogue/used-copy-schema";
import { ConflictError, NotFoundError, ValidationError } from "../../app/domain/shared/errors";
import { parseInput } from "../../app/domain/shared/parse-input";
import { auditLog, recordPhotos, users } from "../../db/schema";
import { insertRecord, useShopServices } from "../../tests/setup/shop-fixtures";
import { createCopyPhotosService, NOT_A_COPY } from "./copy-photos";
import { createUsedCopiesService } from "./used-copies";

const shop = useShopServices();
let admin: Actor;
let dir: string;
let photos: ReturnType<typeof createCopyPhotosService>;
let copies: ReturnType<typeof createUsedCopiesService>;

beforeAll(async () => {
  const user = await shop.s.accounts.register({ username: "snapper", email: "snapper@example.com", password: "secret-password" });
  shop.t.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id)).run();
  admin = { id: user.id, username: "snapper" };
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-copy-photos-"));
  photos = createCopyPhotosService(shop.t.db, { mediaDir: dir, audit: shop.s.audit });
  copies = createUsedCopiesService(shop.t.db, { audit: shop.s.audit, photos });
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A distinct colour per index: near colours can encode to the same JPEG, which the shop keeps once. */
const colour = (i: number) => `#${((i * 2654435761) % 0xffffff).toString(16).padStart(6, "0")}`;

/** A photo as a browser would upload it: a File of real image bytes. */
async function photo(width: number, height: number, colour = "#884422", type: "png" | "jpeg" = "png"): Promise<File> {
  const image = sharp({ create: { width, height, channels: 3, background: colour } });
  const bytes = await (type === "png" ? image.png() : image.jpeg()).toBuffer();
  return new File([new Uint8Array(bytes)], `photo.${type}`, { type: `image/${type}` });
}

const fileOf = (url: string) => path.join(dir, url.replace("/media/", ""));
const photoFiles = () => (fs.existsSync(path.join(dir, "photos")) ? fs.readdirSync(path.join(dir, "photos")) : []);
const newCopy = (pressingId: number, stored: Awaited<ReturnType<typeof photos.prepare>> = []) =>
  copies.add(admin, pressingId, parseInput(usedCopySchema, { price: "12.00", mediaGrade: "VG+", sleeveGrade: "VG" }), stored);

describe("photos of a used copy", () => {
  it("stores each photo as an upright JPEG that fits 1600 px, named by its bytes, and lists them in order", async () => {
    const p = insertRecord(shop.t.db);
    const stored = await photos.prepare([await photo(4000, 3000), await photo(800, 1200, "#224488", "jpeg")]);
    const copy = newCopy(p.id, stored);
    expect(copy.photos.map((ph) => [ph.width, ph.height])).toEqual([
      [PHOTO_MAX_EDGE, 1200],
      [800, 1200],
    ]);
    for (const ph of copy.photos) {
      expect(ph.url).toMatch(/^\/media\/photos\/[0-9a-f]{20}\.jpg$/);
      const meta = await sharp(fileOf(ph.url)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", ph.width, ph.height]);
    }
    expect(photos.of(copy.id)).toEqual(copy.photos);
    expect(copies.allOf(p.id)[0]!.photos).toEqual(copy.photos);
    expect(copies.onSaleOf(p.id)[0]!.photos).toEqual(copy.photos);
    expect(copies.one(copy.id)?.photos).toEqual(copy.photos);
    expect(copies.one(p.id)).toBeNull();
  });

  it("drops the photo's metadata (a phone's location must not reach the shop)", async () => {
    const bytes = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#aabbcc" } })
      .jpeg()
      .withExif({ IFD0: { Artist: "Shop Owner" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } })
      .toBuffer();
    expect((await sharp(bytes).metadata()).exif).toBeDefined();
    const [stored] = await photos.prepare([new File([new Uint8Array(bytes)], "a.jpg")]);
    expect((await sharp(fileOf(stored!.url)).metadata()).exif).toBeUndefined();
  });

  it("refuses too many, too big, or not an image, before a row is written, and leaves no file behind", async () => {
    const p = insertRecord(shop.t.db);
    const copy = newCopy(p.id);
    const before = photoFiles();
    const tooMany = await Promise.all(Array.from({ length: MAX_COPY_PHOTOS + 1 }, (_, i) => photo(50, 50, colour(i))));
    await expect(photos.add(admin, copy.id, tooMany)).rejects.toThrow(`Choose at most ${MAX_COPY_PHOTOS} photos.`);
    const fakeBig = { size: 9 * 1024 * 1024, arrayBuffer: () => Promise.reject(new Error("must not be read")) };
    await expect(photos.add(admin, copy.id, [fakeBig])).rejects.toThrow(PHOTO_MESSAGES.tooBig);
    // A real image first, then a text file calling itself a JPEG: the first one's file is deleted again.
    const good = await photo(60, 60, "#123456");
    const fake = new File(["<html>not a photo</html>"], "photo.jpg", { type: "image/jpeg" });
    const error = await photos.add(admin, copy.id, [good, fake]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields).toEqual({ photos: [PHOTO_MESSAGES.notAnImage] });
    // Bytes that start like a PNG but are not one.
    const broken = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])], "x.png");
    await expect(photos.add(admin, copy.id, [broken])).rejects.toThrow(PHOTO_MESSAGES.unreadable);
    await expect(photos.add(admin, copy.id, [])).rejects.toThrow(PHOTO_MESSAGES.none);
    expect(photos.of(copy.id)).toEqual([]);
    expect(photoFiles()).toEqual(before);
  });

  it("lists a copy with its uploaded photos, or, refused, leaves neither the copy nor a file behind", async () => {
    const p = insertRecord(shop.t.db);
    const input = parseInput(usedCopySchema, { price: "15.00", mediaGrade: "VG", sleeveGrade: "G" });
    const copy = await copies.addWithPhotos(admin, p.id, input, [await photo(70, 70, "#0a0b0c")]);
    expect(photos.of(copy.id)).toHaveLength(1);
    const before = photoFiles();
    const refused = await copies.addWithPhotos(admin, copy.id, input, [await photo(70, 70, "#0c0b0a")]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ValidationError); // a used copy is no pressing to list copies of
    expect(photoFiles()).toEqual(before);
  });

  it("adds to a copy up to the limit, counting what it has, and refuses a pressing", async () => {
    const p = insertRecord(shop.t.db);
    const copy = newCopy(p.id, await photos.prepare([await photo(100, 100, "#010101")]));
    const more = await Promise.all(Array.from({ length: MAX_COPY_PHOTOS - 1 }, (_, i) => photo(100, 100, colour(i + 20))));
    expect(await photos.add(admin, copy.id, more)).toHaveLength(MAX_COPY_PHOTOS);
    await expect(photos.add(admin, copy.id, [await photo(100, 100, "#030303")])).rejects.toThrow(
      `this one has ${MAX_COPY_PHOTOS}`,
    );
    await expect(photos.add(admin, p.id, [await photo(100, 100)])).rejects.toThrow(NOT_A_COPY);
    await expect(photos.add(admin, 999_999, [await photo(100, 100)])).rejects.toBeInstanceOf(NotFoundError);
    const actions = shop.t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(copy.id)))
      .all();
    expect(actions.map((a) => a.action)).toContain(`${MAX_COPY_PHOTOS - 1} photos added`);
  });

  it("does not go past the limit when two uploads were checked at the same time", async () => {
    const p = insertRecord(shop.t.db);
    const copy = newCopy(p.id);
    const a = await photos.prepare(await Promise.all(Array.from({ length: 4 }, (_, i) => photo(40, 40, colour(i + 40)))));
    const b = await photos.prepare(await Promise.all(Array.from({ length: 4 }, (_, i) => photo(40, 40, colour(i + 60)))));
    photos.attach(copy.id, a);
    expect(() => photos.attach(copy.id, b)).toThrow(ConflictError);
    expect(photos.of(copy.id)).toHaveLength(4);
  });

  it("keeps one row for the same photo chosen twice", async () => {
    const p = insertRecord(shop.t.db);
    const same = await photo(70, 70, "#777777");
    const copy = newCopy(p.id, await photos.prepare([same, same]));
    expect(copy.photos).toHaveLength(1);
    expect(await photos.add(admin, copy.id, [same])).toHaveLength(1);
  });

  it("removes a photo and its file, but only the copy's own photo", async () => {
    const p = insertRecord(shop.t.db);
    const shared = await photo(90, 90, "#909090");
    const first = newCopy(p.id, await photos.prepare([shared, await photo(90, 90, "#919191")]));
    const second = newCopy(p.id, await photos.prepare([shared]));
    const [sharedPhoto, own] = first.photos;
    await expect(photos.remove(admin, second.id, own!.id)).rejects.toBeInstanceOf(NotFoundError);
    await photos.remove(admin, first.id, own!.id);
    expect(fs.existsSync(fileOf(own!.url))).toBe(false);
    // The same photo on another copy keeps its file.
    await photos.remove(admin, first.id, sharedPhoto!.id);
    expect(fs.existsSync(fileOf(sharedPhoto!.url))).toBe(true);
    expect(photos.of(first.id)).toEqual([]);
    expect(photos.of(second.id).map((ph) => ph.url)).toEqual([sharedPhoto!.url]);
    expect(shop.t.db.select().from(recordPhotos).where(eq(recordPhotos.recordId, first.id)).all()).toEqual([]);
  });
});
