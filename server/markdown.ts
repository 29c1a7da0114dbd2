/**
 * Markdown for magazine posts: parsed by marked, then sanitised by sanitize-html with an allow-list, on the
 * server only. The browser receives finished, inert HTML and neither library ships in its bundle.
 */
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

const marked = new Marked({ gfm: true, breaks: false, async: false });

/** A path on our own host: "/media/…", but not "//evil.example" or "/\evil.example". */
const SAME_HOST_PATH = /^\/(?![/\\])/;
const EXTERNAL_LINK = /^(?:https?:)?[/\\]{2}|^https?:/i;

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "h2",
    "h3",
    "h4",
    "blockquote",
    "ul",
    "ol",
    "li",
    "strong",
    "em",
    "del",
    "code",
    "pre",
    "a",
    "hr",
    "br",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "sup",
    "sub",
  ],
  // Anything else is dropped; script, style and textarea lose their text too (sanitize-html's nonTextTags).
  disallowedTagsMode: "discard",
  allowedAttributes: {
    a: ["href", "title", "rel"],
    img: ["src", "alt", "title", "width", "height", "loading", "decoding"],
    ol: ["start"],
    th: ["align"],
    td: ["align"],
    code: ["class"],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  // Links: web and mail only; relative links are fine. Images: no scheme at all, i.e. our own paths.
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  transformTags: {
    // The page's title is the only h1; a post's own headings start at h2.
    h1: "h2",
    h5: "h4",
    h6: "h4",
    b: "strong",
    i: "em",
    a: (tagName, attribs) => {
      const href = (attribs.href ?? "").trim();
      const out: sanitizeHtml.Attributes = {};
      if (href) out.href = href;
      if (attribs.title) out.title = attribs.title;
      // Another site gets neither our window (opener) nor the address the reader came from.
      if (EXTERNAL_LINK.test(href)) out.rel = "noopener noreferrer";
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, alt: attribs.alt ?? "", loading: "lazy", decoding: "async" },
    }),
  },
  exclusiveFilter: (frame) => {
    // A link whose address was refused (javascript:, data:, …) keeps its text but stops being a link.
    if (frame.tag === "a" && !frame.attribs.href) return "excludeTag";
    // Images only from our own host.
    if (frame.tag === "img") return !SAME_HOST_PATH.test(frame.attribs.src ?? "");
    return false;
  },
};

/** Allow-list sanitising of HTML (exported for tests and for HTML that did not come from Markdown). */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

/** Markdown → sanitised HTML, safe to put in the page as it is. */
export function renderMarkdown(markdown: string): string {
  return sanitizePostHtml(marked.parse(markdown, { async: false }));
}

const charOf = (code: number) => (code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : " ");

/** Words in a piece of HTML (its text only). */
export function countWords(html: string): number {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&#(\d+);/g, (_, code: string) => charOf(Number(code)))
    .replace(/&#x([\da-f]+);/gi, (_, code: string) => charOf(parseInt(code, 16)))
    .replace(/&[a-z]+;/gi, " ");
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

/** Reading time in whole minutes: words at 200 a minute, rounded up, never less than one. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / 200));
}

/**
 * Markdown → sanitised HTML for an e-mail: the same allow-list, with every link and image on our own host made
 * absolute from `origin` (a mail has no page address to resolve "/vinyl/…" against).
 */
export function renderMarkdownForMail(markdown: string, origin: string): string {
  const base = new URL(origin).origin;
  // sanitize-html writes every attribute double-quoted, so this sees each href and src whole.
  return renderMarkdown(markdown).replace(/(\s(?:href|src)=")\/(?![/\\])/g, `$1${base}/`);
}
