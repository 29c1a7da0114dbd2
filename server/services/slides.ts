/**
 * The home page's hero slides, set in the back office (/marketing-tools/slides). Images are checked by their first
 * bytes, cropped to the default artwork's sizes (1600×720 wide, 800×1000 tall), re-encoded as JPEG without metadata
 * and written under media/slides/ by a hash of their bytes before a row names them.
 */
import { createHash } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { asc, eq, max, or } from "drizzle-orm";
import sharp from "sharp";
import type { Actor } from "../../app/domain/admin/audit";
import { sniffImage } from "../../app/domain/catalogue/record-media";
import { moveItem } from "../../app/domain/curation/curated-lists";
import type { Slide } from "../../app/domain/home/slideshow";
import { MAX_ACTIVE_SLIDES, SLIDE_IMAGE_MAX_BYTES, SLIDE_IMAGE_SIZES, toSlide } from "../../app/domain/home/slide-rules";
import type { SlideInput } from "../../app/domain/home/slide-schema";
import { ConflictError, NotFoundError, ValidationError } from "../../app/domain/shared/errors";
import { writeTransaction, type Db } from "../../db/client";
import { createReadCache } from "../../db/read-cache";
import { homeSlides, type HomeSlideRow } from "../../db/schema";
import { writeFileAtomic } from "../../db/seed/media/cover-image";
import type { Upload } from "./upload";
import type { AuditService } from "./audit";

export type SlideImageKind = keyof typeof SLIDE_IMAGE_SIZES;
export interface SlideUploads {
  desktop?: Upload;
  mobile?: Upload;
  /** Ticked "remove" boxes: go back to the background colour alone. */
  removeDesktop?: boolean;
  removeMobile?: boolean;
}

const FIELD: Record<SlideImageKind, string> = { desktop: "bgImage", mobile: "mobileImage" };
const LABEL: Record<SlideImageKind, string> = { desktop: "The wide image", mobile: "The tall image" };
const NOT_FOUND = "That slide is not there any more.";

export function createSlidesService(db: Db, deps: { mediaDir: string; audit: AuditService }) {
  const fileOf = (url: string) => path.join(deps.mediaDir, "slides", path.basename(url));
  const byId = (id: number) => db.select().from(homeSlides).where(eq(homeSlides.id, id)).get();
  const all = () => db.select().from(homeSlides).orderBy(asc(homeSlides.position), asc(homeSlides.id)).all();
  // Read on every home page: prepared once, and kept until the next write.
  const activeRows = db
    .select()
    .from(homeSlides)
    .where(eq(homeSlides.active, true))
    .orderBy(asc(homeSlides.position), asc(homeSlides.id))
    .limit(MAX_ACTIVE_SLIDES)
    .prepare();
  const cached = createReadCache(db, { max: 1 });
  const activeCount = (except = 0) => all().filter((s) => s.active && s.id !== except).length;
  const audit = (actor: Actor, id: number, action: string, after?: Record<string, unknown>) =>
    deps.audit.record(actor, { entityType: "home slide", entityId: id, action, after });

  /** Reads, checks, crops and writes one image; null when none was chosen. */
  async function storeImage(kind: SlideImageKind, upload: Upload): Promise<string | null> {
    if (!upload || upload.size === 0) return null;
    const invalid = (message: string) => new ValidationError(message, { [FIELD[kind]]: [message] });
    if (upload.size > SLIDE_IMAGE_MAX_BYTES) throw invalid(`${LABEL[kind]} must be at most 8 MB.`);
    const bytes = new Uint8Array(await upload.arrayBuffer());
    if (!sniffImage(bytes)) throw invalid(`${LABEL[kind]} must be a JPEG, PNG or WebP image.`);
    const { width, height } = SLIDE_IMAGE_SIZES[kind];
    let jpeg: Buffer;
    try {
      jpeg = await sharp(bytes, { limitInputPixels: 40_000_000, failOn: "error" })
        .rotate()
        .resize(width, height, { fit: "cover", position: "attention" })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 82, mozjpeg: true, progressive: true })
        .toBuffer();
    } catch {
      throw invalid(`${LABEL[kind]} could not be read as an image.`);
    }
    const url = `/media/slides/${createHash("sha256").update(jpeg).digest("hex").slice(0, 20)}.jpg`;
    await mkdir(path.dirname(fileOf(url)), { recursive: true });
    await writeFileAtomic(fileOf(url), jpeg);
    return url;
  }

  /** Deletes image files no slide uses (after a failed save, a replaced image or a removed slide). */
  async function discardUnused(urls: readonly (string | null | undefined)[]): Promise<void> {
    for (const url of new Set(urls.filter((u): u is string => !!u))) {
      const used = db
        .select({ id: homeSlides.id })
        .from(homeSlides)
        .where(or(eq(homeSlides.bgImage, url), eq(homeSlides.mobileImage, url)))
        .get();
      if (!used) await rm(fileOf(url), { force: true });
    }
  }

  async function storeUploads(uploads: SlideUploads): Promise<{ desktop: string | null; mobile: string | null }> {
    const desktop = await storeImage("desktop", uploads.desktop);
    try {
      return { desktop, mobile: await storeImage("mobile", uploads.mobile) };
    } catch (error) {
      await discardUnused([desktop]);
      throw error;
    }
  }

  function checkActiveRoom(input: SlideInput, except = 0) {
    if (input.active && activeCount(except) >= MAX_ACTIVE_SLIDES) {
      throw new ConflictError(
        `The home page shows at most ${MAX_ACTIVE_SLIDES} slides: hide one first, or save this one hidden.`,
      );
    }
  }

  return {
    /** Every slide, in order, for the back office. */
    list: (): HomeSlideRow[] => all(),

    /** The slides the home page shows, in order; empty when none is active (the page shows its default slide). */
    active(): Slide[] {
      return cached("active", () => activeRows.all().map(toSlide));
    },

    get(id: number): HomeSlideRow {
      const row = byId(id);
      if (!row) throw new NotFoundError(NOT_FOUND);
      return row;
    },

    /** A new slide, last; its images (optional) are stored first. Audited. */
    async create(actor: Actor, input: SlideInput, uploads: SlideUploads = {}): Promise<HomeSlideRow> {
      checkActiveRoom(input);
      const images = await storeUploads(uploads);
      try {
        return writeTransaction(db, () => {
          checkActiveRoom(input);
          const last = db
            .select({ p: max(homeSlides.position) })
            .from(homeSlides)
            .get();
          const row = db
            .insert(homeSlides)
            .values({ ...input, bgImage: images.desktop, mobileImage: images.mobile, position: (last?.p ?? 0) + 1 })
            .returning()
            .get();
          audit(actor, row.id, "slide added", { ...input, bgImage: row.bgImage, mobileImage: row.mobileImage });
          return row;
        });
      } catch (error) {
        await discardUnused([images.desktop, images.mobile]);
        throw error;
      }
    },

    /** Changes a slide's words, colours, visibility and (when chosen or removed) images. Audited. */
    async update(actor: Actor, id: number, input: SlideInput, uploads: SlideUploads = {}): Promise<HomeSlideRow> {
      if (!byId(id)) throw new NotFoundError(NOT_FOUND);
      checkActiveRoom(input, id);
      const images = await storeUploads(uploads);
      let before: HomeSlideRow | undefined;
      let after: HomeSlideRow;
      try {
        after = writeTransaction(db, () => {
          before = byId(id);
          if (!before) throw new NotFoundError(NOT_FOUND);
          checkActiveRoom(input, id);
          const bgImage = images.desktop ?? (uploads.removeDesktop ? null : before.bgImage);
          const mobileImage = images.mobile ?? (uploads.removeMobile ? null : before.mobileImage);
          const row = db
            .update(homeSlides)
            .set({ ...input, bgImage, mobileImage, updatedAt: new Date().toISOString() })
            .where(eq(homeSlides.id, id))
            .returning()
            .get();
          audit(actor, id, "slide changed", { ...input, bgImage, mobileImage });
          return row;
        });
      } catch (error) {
        await discardUnused([images.desktop, images.mobile]);
        throw error;
      }
      await discardUnused([before?.bgImage, before?.mobileImage]);
      return after;
    },

    /** Deletes a slide and the images no other slide uses. Audited. */
    async remove(actor: Actor, id: number): Promise<void> {
      const row = writeTransaction(db, () => {
        const gone = db.delete(homeSlides).where(eq(homeSlides.id, id)).returning().get();
        if (!gone) throw new NotFoundError(NOT_FOUND);
        audit(actor, id, `slide "${gone.title}" deleted`);
        return gone;
      });
      await discardUnused([row.bgImage, row.mobileImage]);
    },

    /** Moves a slide one place earlier or later in the show. */
    move(actor: Actor, id: number, direction: "up" | "down"): void {
      writeTransaction(db, () => {
        const list = all();
        const from = list.findIndex((s) => s.id === id);
        if (from < 0) throw new NotFoundError(NOT_FOUND);
        moveItem(list, from, direction === "up" ? -1 : 1).forEach((s, i) => {
          if (s.position !== i + 1)
            db.update(homeSlides)
              .set({ position: i + 1 })
              .where(eq(homeSlides.id, s.id))
              .run();
        });
        audit(actor, id, `slide moved ${direction}`);
      });
    },
  };
}

export type SlidesService = ReturnType<typeof createSlidesService>;
