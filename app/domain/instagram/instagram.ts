/**
 * Instagram posts planned in the back office: a caption from a template, hashtags from a record's genre and
 * artist, and a post's status (draft → scheduled → posted, or back to draft from scheduled). Pure rules, shared by
 * the page, the tRPC procedures and the service.
 */
import { londonToUtc } from "~/domain/schedule/schedule";
import { z } from "~/domain/shared/zod";

/** Instagram's own limits for one post. */
export const MAX_CAPTION_LENGTH = 2200;
export const MAX_HASHTAGS = 30;
/** The square image Instagram shows in full. */
export const POST_IMAGE_SIZE = 1080;

export const POST_STATUSES = ["draft", "scheduled", "posted"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const POST_STATUS_LABELS: Record<PostStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  posted: "Posted",
};

/** Placeholders a caption template may use. */
export const CAPTION_PLACEHOLDERS = ["title", "artist", "price", "label", "url"] as const;
export type CaptionPlaceholder = (typeof CAPTION_PLACEHOLDERS)[number];
export type CaptionValues = Record<CaptionPlaceholder, string>;

export const DEFAULT_CAPTION_TEMPLATE = "New in: {artist} – {title}\n{label}\n{price} at Needledrop: {url}";

/** Tags every post carries, before the genre's and the artist's. */
export const SHOP_HASHTAGS = ["Vinyl", "VinylRecords", "NowSpinning", "Needledrop"] as const;

const PLACEHOLDER = /\{([^{}\s]*)\}/g;

/**
 * The template with each {placeholder} replaced. An unknown placeholder is refused (a typo would otherwise reach
 * Instagram as "{titel}"). A line left empty by an empty value (a record with no label) is dropped.
 */
export function renderCaptionTemplate(template: string, values: CaptionValues): string {
  const unknown = [...template.matchAll(PLACEHOLDER)]
    .map((m) => m[1]!)
    .filter((name) => !(CAPTION_PLACEHOLDERS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new CaptionError(`Unknown placeholder {${unknown[0]}}: use ${CAPTION_PLACEHOLDERS.map((p) => `{${p}}`).join(", ")}.`);
  }
  const lines = template.split("\n").map((line) => {
    const hadPlaceholder = /\{[a-z]+\}/.test(line);
    const text = line.replace(PLACEHOLDER, (_, name: CaptionPlaceholder) => values[name].trim()).trimEnd();
    return { text, drop: hadPlaceholder && text.replace(/[\s:–-]/g, "") === "" };
  });
  return lines
    .filter((l) => !l.drop)
    .map((l) => l.text)
    .join("\n")
    .trim();
}

export class CaptionError extends Error {}

/**
 * A hashtag from free text: letters and digits only, each word capitalised and joined ("hip-hop" → "#HipHop",
 * "Björk" → "#Bjork"). Null when nothing is left, or only digits (Instagram does not link those).
 */
export function hashtag(text: string | null | undefined): string | null {
  if (!text) return null;
  const plain = text.normalize("NFKD").replace(/\p{M}/gu, "");
  const words = plain.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const tag = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");
  if (tag === "" || /^\p{N}+$/u.test(tag)) return null;
  return `#${tag}`;
}

/** The shop's tags, then the genre's and the artist's: deduplicated (case-insensitively), at most MAX_HASHTAGS. */
export function hashtagsFor(record: { genre?: string | null; artist: string }, extra: readonly string[] = []): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const candidate of [...SHOP_HASHTAGS, ...genreWords(record.genre), record.artist, ...extra]) {
    const tag = hashtag(candidate);
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
    if (out.length === MAX_HASHTAGS) break;
  }
  return out;
}

/** A genre such as "Jazz / Soul" gives a tag for the whole and for each part. */
function genreWords(genre: string | null | undefined): string[] {
  if (!genre) return [];
  const parts = genre.split(/[/,&]/).map((p) => p.trim());
  return parts.length > 1 ? [genre, ...parts] : [genre];
}

/** The hashtags in a caption (as Instagram counts them). */
export function hashtagsIn(caption: string): string[] {
  return [...caption.matchAll(/#[\p{L}\p{N}_]+/gu)].map((m) => m[0]);
}

/** Why Instagram would refuse this caption, or null. */
export function captionProblem(caption: string): string | null {
  const length = [...caption].length;
  if (length > MAX_CAPTION_LENGTH) {
    return `The caption is ${length.toLocaleString("en-GB")} characters; Instagram allows at most ${MAX_CAPTION_LENGTH.toLocaleString("en-GB")}.`;
  }
  const tags = hashtagsIn(caption).length;
  if (tags > MAX_HASHTAGS) return `The caption has ${tags} hashtags; Instagram allows at most ${MAX_HASHTAGS}.`;
  return null;
}

/** A post's caption: the rendered template, a blank line, then the hashtags. Throws CaptionError when too long. */
export function buildCaption(template: string, values: CaptionValues, tags: readonly string[]): string {
  const body = renderCaptionTemplate(template, values);
  const caption = tags.length > 0 ? `${body}\n\n${tags.join(" ")}` : body;
  const problem = captionProblem(caption);
  if (problem) throw new CaptionError(problem);
  return caption;
}

// --- status ------------------------------------------------------------------------------------------------

const TRANSITIONS: Record<PostStatus, readonly PostStatus[]> = {
  draft: ["scheduled"],
  scheduled: ["posted", "draft"],
  posted: [],
};

export function canMoveTo(from: PostStatus, to: PostStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/**
 * Why a post may not go from `from` to `to` with this schedule, or null. A scheduled post needs a time after
 * `now`; a posted post is final.
 */
export function transitionProblem(from: PostStatus, to: PostStatus, scheduledAt: string | null, now: Date): string | null {
  if (from === "posted") return "This post is already on Instagram; it can no longer be changed.";
  if (from !== to && !canMoveTo(from, to)) {
    return `A ${POST_STATUS_LABELS[from].toLowerCase()} post cannot become ${POST_STATUS_LABELS[to].toLowerCase()}${
      from === "draft" && to === "posted" ? ": schedule it first" : ""
    }.`;
  }
  if (to === "scheduled") {
    if (!scheduledAt) return "Choose a date and time to schedule the post.";
    if (new Date(scheduledAt).getTime() <= now.getTime()) return "Choose a date and time in the future to schedule the post.";
  }
  return null;
}

// --- input -------------------------------------------------------------------------------------------------

const id = z.coerce.number({ error: "Choose a post." }).int("Choose a post.").positive("Choose a post.");
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** A new post: the record and, optionally, another caption template. */
export const createPostSchema = z.object({
  recordId: z.coerce.number({ error: "Choose a record." }).int("Choose a record.").positive("Choose a record."),
  template: z.preprocess(
    blankToUndefined,
    z.string().max(MAX_CAPTION_LENGTH, `A template is at most ${MAX_CAPTION_LENGTH} characters.`).optional(),
  ),
});
export type CreatePostInput = z.output<typeof createPostSchema>;

/**
 * A change to a post: its caption, its schedule (a London date and time), its status, or any of them together.
 * The page's caption, schedule and status forms and the tRPC procedure all send this.
 */
export const updatePostSchema = z
  .object({
    postId: id,
    caption: z.preprocess(
      (v) => (typeof v === "string" ? v.replace(/\r\n/g, "\n") : v),
      z.string().trim().min(1, "Write a caption.").max(20_000, "The caption is far too long.").optional(),
    ),
    date: z.preprocess(blankToUndefined, z.iso.date("Enter a date as YYYY-MM-DD.").optional()),
    time: z.preprocess(blankToUndefined, z.string().trim().regex(TIME, "Enter a time as HH:MM (24-hour).").optional()),
    status: z.preprocess(blankToUndefined, z.enum(POST_STATUSES, { error: "Choose draft, scheduled or posted." }).optional()),
  })
  .transform((v, ctx): UpdatePostInput => {
    let scheduledAt: string | undefined;
    if (v.date !== undefined || v.time !== undefined) {
      if (v.date === undefined || v.time === undefined) {
        ctx.addIssue({
          code: "custom",
          path: [v.date === undefined ? "date" : "time"],
          message: "Enter both a date and a time.",
        });
        return z.NEVER;
      }
      const instant = londonToUtc(v.date, v.time);
      if (instant === null) {
        ctx.addIssue({ code: "custom", path: ["time"], message: "That time does not exist in London (the clocks go forward)." });
        return z.NEVER;
      }
      scheduledAt = instant;
    }
    return { postId: v.postId, caption: v.caption, scheduledAt, status: v.status };
  });
export interface UpdatePostInput {
  postId: number;
  caption?: string | undefined;
  /** ISO instant (UTC). */
  scheduledAt?: string | undefined;
  status?: PostStatus | undefined;
}

export const postIdSchema = z.object({ postId: id });

/** The record picker's search (a GET form). */
export const recordSearchSchema = z.object({
  q: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
});
