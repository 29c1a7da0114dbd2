/**
 * The Instagram post planner: a post for a record gets a 1080 px square JPEG (the cover with artist, title and price
 * drawn over an SVG) and a caption from a template with hashtags; it is then scheduled, posted by hand (image and
 * caption downloaded) or, when the Graph API is configured, published from the back office. Every change is audited.
 * The image is written under media/instagram/ by a hash of its bytes before a row names it.
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, realpath, rm, stat } from "node:fs/promises";
import path from "node:path";
import { asc, desc, eq, or, sql } from "drizzle-orm";
import sharp from "sharp";
import type { Actor } from "../../app/domain/admin/audit";
import { displayCoverUrl } from "../../app/domain/catalogue/cover";
import { recordPath } from "../../app/domain/catalogue/slug";
import { parseShopImagePath } from "../../app/domain/images/image-url";
import {
  buildCaption,
  CaptionError,
  captionProblem,
  DEFAULT_CAPTION_TEMPLATE,
  hashtagsFor,
  POST_IMAGE_SIZE,
  transitionProblem,
  type CreatePostInput,
  type PostStatus,
  type UpdatePostInput,
} from "../../app/domain/instagram/instagram";
import { formatPence } from "../../app/domain/shared/money";
import { ConflictError, NotFoundError, ValidationError } from "../../app/domain/shared/errors";
import { shopNow } from "../../db/clock";
import { writeTransaction, type Db } from "../../db/client";
import { instagramPosts, records } from "../../db/schema";
import { writeFileAtomic } from "../../db/seed/media/cover-image";
import { InstagramPublishError, type InstagramPublisher } from "../instagram/publisher";
import type { AuditService } from "./audit";

export interface InstagramPost {
  id: number;
  recordId: number;
  recordTitle: string;
  recordArtist: string;
  catalogNumber: string | null;
  caption: string;
  scheduledAt: string | null;
  status: PostStatus;
  imagePath: string;
  postedAt: string | null;
  externalId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface RecordChoice {
  id: number;
  title: string;
  artist: string;
  catalogNumber: string | null;
  pricePence: number;
}

const LIST_CAP = 200;
const CHOICES_CAP = 50;
const COVER_EDGE = 720;
const MAX_SOURCE_BYTES = 25 * 1024 * 1024;

/** Text for an SVG document: the five characters XML gives meaning to, escaped. */
export function escapeSvgText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** A line at most `max` characters, cut at a word where it can be, with an ellipsis. Control characters removed. */
function fit(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, " ").trim();
  const chars = [...clean];
  if (chars.length <= max) return clean;
  const cut = chars.slice(0, max - 1).join("");
  const atWord = cut.lastIndexOf(" ");
  return `${(atWord > max * 0.6 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/**
 * A font size (from `largest` down to `smallest`) at which the line fits `width` pixels, and the line itself, cut
 * when even the smallest size is too wide. Widths are estimated: `per` em a character (about 0.6 for DejaVu Sans, 0.7 for its bold).
 */
function fitLine(text: string, largest: number, smallest: number, per: number, width = 980): { text: string; size: number } {
  const chars = [...text.trim()].length;
  const size = Math.max(smallest, Math.min(largest, Math.floor(width / (Math.max(chars, 1) * per))));
  return { text: fit(text, Math.floor(width / (size * per))), size };
}

/** The text drawn under the cover: title, artist, price, and the shop's name. */
export function overlaySvg(record: { title: string; artist: string; pricePence: number }): string {
  const size = POST_IMAGE_SIZE;
  const title = fitLine(record.title, 52, 34, 0.7);
  const artist = fitLine(record.artist, 38, 28, 0.6);
  const price = escapeSvgText(formatPence(record.pricePence));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
  <style>text { font-family: 'DejaVu Sans', 'Liberation Sans', sans-serif; }</style>
  <text x="540" y="850" text-anchor="middle" font-size="${title.size}" font-weight="700" fill="#ffffff">${escapeSvgText(title.text)}</text>
  <text x="540" y="910" text-anchor="middle" font-size="${artist.size}" fill="#d6d3d1">${escapeSvgText(artist.text)}</text>
  <text x="540" y="1000" text-anchor="middle" font-size="56" font-weight="700" fill="#fbbf24">${price}</text>
  <text x="1040" y="1056" text-anchor="end" font-size="22" fill="#a8a29e">needledrop</text>
</svg>`;
}

const ONLY_DRAFTS = "Only a draft can be deleted; move a scheduled post back to draft first.";

export function createInstagramService(
  db: Db,
  deps: { mediaDir: string; publicDir: string; audit: AuditService; publicOrigin: string; publisher: InstagramPublisher | null },
) {
  const imageDir = path.join(deps.mediaDir, "instagram");
  const fileOf = (imagePath: string) => path.join(imageDir, path.basename(imagePath));
  const now = () => shopNow(db.$client);
  /** Posts on their way to Instagram now. */
  const publishing = new Set<number>();

  const postColumns = {
    id: instagramPosts.id,
    recordId: instagramPosts.recordId,
    recordTitle: records.title,
    recordArtist: records.artist,
    catalogNumber: records.catalogNumber,
    caption: instagramPosts.caption,
    scheduledAt: instagramPosts.scheduledAt,
    status: instagramPosts.status,
    imagePath: instagramPosts.imagePath,
    postedAt: instagramPosts.postedAt,
    externalId: instagramPosts.externalId,
    createdAt: instagramPosts.createdAt,
    updatedAt: instagramPosts.updatedAt,
  };

  function post(postId: number): InstagramPost {
    const row = db
      .select(postColumns)
      .from(instagramPosts)
      .innerJoin(records, eq(records.id, instagramPosts.recordId))
      .where(eq(instagramPosts.id, postId))
      .get();
    if (!row) throw new NotFoundError(`No Instagram post ${postId}.`);
    return row;
  }

  /** The cover's file when it is one of the shop's own images and exists; null otherwise (a plain square then). */
  async function coverFile(coverUrl: string): Promise<string | null> {
    const parsed = parseShopImagePath(displayCoverUrl(coverUrl));
    if (!parsed) return null;
    const root = parsed.root === "images" ? path.join(deps.publicDir, "images") : path.join(deps.mediaDir, parsed.root);
    try {
      const [file, realRoot] = await Promise.all([realpath(path.join(root, parsed.file)), realpath(root)]);
      if (path.dirname(file) !== realRoot) return null;
      const info = await stat(file);
      return info.isFile() && info.size <= MAX_SOURCE_BYTES ? file : null;
    } catch {
      return null;
    }
  }

  async function renderImage(record: { title: string; artist: string; pricePence: number; coverUrl: string }) {
    const size = POST_IMAGE_SIZE;
    const source = await coverFile(record.coverUrl);
    let cover: Buffer;
    try {
      cover = source
        ? await sharp(source, { limitInputPixels: 40_000_000, failOn: "error" })
            .resize(COVER_EDGE, COVER_EDGE, { fit: "cover" })
            .flatten({ background: "#ffffff" })
            .png()
            .toBuffer()
        : await placeholderCover();
    } catch {
      cover = await placeholderCover();
    }
    return sharp({ create: { width: size, height: size, channels: 3, background: "#1c1917" } })
      .composite([
        { input: cover, left: (size - COVER_EDGE) / 2, top: 50 },
        { input: Buffer.from(overlaySvg(record)), left: 0, top: 0 },
      ])
      .jpeg({ quality: 88, mozjpeg: true })
      .toBuffer();
  }

  function placeholderCover(): Promise<Buffer> {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_EDGE}" height="${COVER_EDGE}">
  <rect width="100%" height="100%" fill="#292524"/>
  <circle cx="360" cy="360" r="300" fill="#0c0a09"/><circle cx="360" cy="360" r="90" fill="#b45309"/>
  <circle cx="360" cy="360" r="10" fill="#292524"/></svg>`;
    return sharp(Buffer.from(svg)).png().toBuffer();
  }

  async function discardUnused(imagePath: string): Promise<void> {
    const used = db.select({ id: instagramPosts.id }).from(instagramPosts).where(eq(instagramPosts.imagePath, imagePath)).get();
    if (!used) await rm(fileOf(imagePath), { force: true });
  }

  function audit(
    actor: Actor,
    postId: number,
    action: string,
    before?: Record<string, unknown>,
    after?: Record<string, unknown>,
  ) {
    deps.audit.record(actor, { entityType: "instagram_post", entityId: postId, action, before, after });
  }

  return {
    /** True when posts can be published from the back office (the Graph API is configured). */
    canPublish: deps.publisher !== null,

    /** Scheduled posts soonest first, then drafts, then what was posted (newest first). */
    list(): InstagramPost[] {
      return db
        .select(postColumns)
        .from(instagramPosts)
        .innerJoin(records, eq(records.id, instagramPosts.recordId))
        .orderBy(
          sql`case ${instagramPosts.status} when 'scheduled' then 0 when 'draft' then 1 else 2 end`,
          sql`${instagramPosts.scheduledAt} is null`,
          asc(instagramPosts.scheduledAt),
          desc(instagramPosts.postedAt),
          desc(instagramPosts.id),
        )
        .limit(LIST_CAP)
        .all();
    },

    get: post,

    /** Records to make a post for: matching the search by title, artist or catalogue number, or the newest. */
    recordChoices(q?: string): RecordChoice[] {
      const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const match = pattern
        ? or(
            ...[records.title, records.artist, records.catalogNumber, records.catalogueId].map(
              (column) => sql`${column} like ${pattern} escape '\\'`,
            ),
          )
        : undefined;
      return db
        .select({
          id: records.id,
          title: records.title,
          artist: records.artist,
          catalogNumber: records.catalogNumber,
          pricePence: records.pricePence,
        })
        .from(records)
        .where(match)
        .orderBy(desc(records.id))
        .limit(CHOICES_CAP)
        .all();
    },

    /** A draft post for a record: its image rendered and written, its caption from the template; audited. */
    async create(actor: Actor, input: CreatePostInput): Promise<InstagramPost> {
      const record = db.select().from(records).where(eq(records.id, input.recordId)).get();
      if (!record) throw new NotFoundError(`No record with id ${input.recordId}.`);
      let caption: string;
      try {
        caption = buildCaption(
          input.template ?? DEFAULT_CAPTION_TEMPLATE,
          {
            title: record.title,
            artist: record.artist,
            price: formatPence(record.pricePence),
            label: record.label ?? "",
            url: `${deps.publicOrigin}${recordPath(record)}`,
          },
          hashtagsFor(record),
        );
      } catch (error) {
        if (error instanceof CaptionError) throw new ValidationError(error.message, { template: [error.message] });
        throw error;
      }
      const jpeg = await renderImage(record);
      const imagePath = `/media/instagram/post-${createHash("sha256").update(jpeg).digest("hex").slice(0, 24)}.jpg`;
      await mkdir(imageDir, { recursive: true });
      await writeFileAtomic(fileOf(imagePath), jpeg);
      try {
        const id = writeTransaction(db, () => {
          const row = db
            .insert(instagramPosts)
            .values({ recordId: record.id, caption, imagePath, status: "draft" })
            .returning({ id: instagramPosts.id })
            .get();
          audit(actor, row.id, "instagram post created", undefined, { recordId: record.id, status: "draft" });
          return row.id;
        });
        return post(id);
      } catch (error) {
        await discardUnused(imagePath);
        throw error;
      }
    },

    /** Changes a post's caption, schedule or status (draft → scheduled → posted, or back to draft); audited. */
    update(actor: Actor, input: UpdatePostInput): InstagramPost {
      if (input.caption === undefined && input.scheduledAt === undefined && input.status === undefined) {
        throw new ValidationError("Nothing to change.");
      }
      if (input.caption !== undefined) {
        const problem = captionProblem(input.caption);
        if (problem) throw new ValidationError(problem, { caption: [problem] });
      }
      writeTransaction(db, () => {
        const before = db.select().from(instagramPosts).where(eq(instagramPosts.id, input.postId)).get();
        if (!before) throw new NotFoundError(`No Instagram post ${input.postId}.`);
        const status = input.status ?? before.status;
        const scheduledAt = input.scheduledAt ?? before.scheduledAt;
        // A posted post is final; a scheduled one (kept or newly so) needs a time still ahead.
        if (before.status === "posted") {
          throw new ConflictError(transitionProblem(before.status, status, scheduledAt, now())!);
        }
        const moved = status !== before.status || (status === "scheduled" && input.scheduledAt !== undefined);
        const problem = moved ? transitionProblem(before.status, status, scheduledAt, now()) : null;
        if (problem) throw new ValidationError(problem, { [input.scheduledAt ? "date" : "status"]: [problem] });
        const changes = {
          caption: input.caption ?? before.caption,
          scheduledAt,
          status,
          postedAt: status === "posted" ? now().toISOString() : before.postedAt,
        };
        db.update(instagramPosts)
          .set({ ...changes, updatedAt: now().toISOString() })
          .where(eq(instagramPosts.id, before.id))
          .run();
        audit(
          actor,
          before.id,
          status !== before.status ? `instagram post ${status}` : "instagram post changed",
          { caption: before.caption, scheduledAt: before.scheduledAt, status: before.status },
          { caption: changes.caption, scheduledAt: changes.scheduledAt, status: changes.status },
        );
      });
      return post(input.postId);
    },

    /** The draft a delete would remove, for the page to ask about first; refused as `remove` refuses. */
    removable(postId: number): InstagramPost {
      const found = post(postId);
      if (found.status !== "draft") throw new ConflictError(ONLY_DRAFTS);
      return found;
    },

    /** Deletes a draft (and its image); scheduled and posted posts are kept. Audited. */
    async remove(actor: Actor, postId: number): Promise<void> {
      const removed = writeTransaction(db, () => {
        const row = db.select().from(instagramPosts).where(eq(instagramPosts.id, postId)).get();
        if (!row) throw new NotFoundError(`No Instagram post ${postId}.`);
        if (row.status !== "draft") throw new ConflictError(ONLY_DRAFTS);
        db.delete(instagramPosts).where(eq(instagramPosts.id, postId)).run();
        audit(actor, postId, "instagram post deleted", { recordId: row.recordId, status: row.status });
        return row;
      });
      await discardUnused(removed.imagePath);
    },

    /**
     * Publishes a scheduled post through the Graph API now and marks it posted with Instagram's id; audited.
     * Without credentials there is no publisher and this refuses before anything is sent.
     */
    async publish(actor: Actor, postId: number): Promise<InstagramPost> {
      const publisher = deps.publisher;
      if (!publisher) throw new ConflictError("Publishing is by hand: Instagram is not connected to the shop.");
      const before = post(postId);
      const problem = transitionProblem(before.status, "posted", before.scheduledAt, now());
      if (problem) throw new ConflictError(problem);
      // One process serves the shop: a second press while the first is on its way to Instagram is refused here.
      if (publishing.has(postId)) throw new ConflictError("This post is being published already.");
      publishing.add(postId);
      try {
        let externalId: string;
        try {
          externalId = await publisher.publish({
            id: before.id,
            caption: before.caption,
            imageUrl: `${deps.publicOrigin}${before.imagePath}`,
          });
        } catch (error) {
          if (error instanceof InstagramPublishError) throw new ConflictError(error.message);
          throw error;
        }
        writeTransaction(db, () => {
          const postedAt = now().toISOString();
          // Instagram has it now, whatever was pressed here meanwhile: the row says so.
          db.update(instagramPosts)
            .set({ status: "posted", postedAt, externalId, updatedAt: postedAt })
            .where(eq(instagramPosts.id, postId))
            .run();
          audit(actor, postId, "instagram post published", { status: before.status }, { status: "posted", externalId });
        });
      } finally {
        publishing.delete(postId);
      }
      return post(postId);
    },

    /** The post's JPEG for download: its file and a name for it. */
    async imageDownload(postId: number): Promise<{ body: Buffer; filename: string }> {
      const p = post(postId);
      try {
        return { body: await readFile(fileOf(p.imagePath)), filename: `instagram-post-${p.id}.jpg` };
      } catch {
        throw new NotFoundError("This post's image is missing.");
      }
    },

    /** The post's caption for download as plain text. */
    captionDownload(postId: number): { body: string; filename: string } {
      const p = post(postId);
      return { body: `${p.caption}\n`, filename: `instagram-post-${p.id}.txt` };
    },
  };
}

export type InstagramService = ReturnType<typeof createInstagramService>;
