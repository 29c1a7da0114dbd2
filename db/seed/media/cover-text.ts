/**
 * Type setting for cover SVGs. librsvg cannot report text widths to us, so we measure
 * with DejaVu Sans Bold advance widths (the first and widest font in our stack), which
 * keeps fitted text inside its box with Liberation Sans or Arial too.
 */

export const COVER_FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";

// Advance widths of DejaVu Sans Bold for ASCII 32..126, in hundredths of an em.
const WIDTHS = [
  35, 46, 52, 84, 70, 100, 87, 31, 46, 46, 52, 84, 38, 42, 38, 37, 70, 70, 70, 70, 70, 70, 70, 70, 70, 70, 40, 40, 84, 84, 84, 58,
  100, 77, 76, 73, 83, 68, 68, 82, 84, 37, 37, 77, 64, 100, 84, 85, 73, 85, 77, 72, 68, 81, 77, 110, 77, 72, 73, 46, 37, 46, 84,
  50, 50, 67, 72, 59, 72, 68, 44, 72, 71, 34, 34, 67, 34, 104, 71, 69, 72, 72, 49, 60, 48, 71, 65, 92, 65, 65, 58, 71, 37, 71, 84,
];

function charWidth(ch: string): number {
  const code = ch.codePointAt(0) ?? 32;
  if (code >= 32 && code < 127) return (WIDTHS[code - 32] ?? 80) / 100;
  // Accented Latin letters are as wide as their base letter ("ö" ~ "o").
  const base = ch.normalize("NFD").charAt(0);
  const baseCode = base.charCodeAt(0);
  if (baseCode >= 32 && baseCode < 127) return (WIDTHS[baseCode - 32] ?? 80) / 100;
  // CJK and other wide scripts fall back to other fonts at roughly one em.
  return code >= 0x2e80 ? 1.05 : 0.85;
}

/** Width in user units of one line at a font size, including letter spacing. */
export function measure(text: string, size: number, letterSpacing = 0): number {
  let width = 0;
  let count = 0;
  for (const ch of text) {
    width += charWidth(ch) * size;
    count++;
  }
  return width + Math.max(0, count - 1) * letterSpacing;
}

/** Escape for XML text and attributes, dropping characters XML 1.0 forbids outright. */
export function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- characters XML 1.0 does not allow are dropped
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}

/** Collapse whitespace so measuring matches what the renderer draws. */
export function cleanText(text: string, fallback: string): string {
  const cleaned = text.replace(/\s+/g, " ").trim();
  return cleaned.length > 0 ? cleaned : fallback;
}

export interface FitOptions {
  maxWidth: number;
  maxLines: number;
  maxSize: number;
  minSize: number;
  /** Block height limit (top of first line's capitals to last baseline). */
  maxHeight?: number;
  lineHeight?: number;
  /** Letter spacing as a fraction of the font size. */
  tracking?: number;
}

export interface Fitted {
  lines: string[];
  size: number;
  lineHeight: number;
  letterSpacing: number;
  /** Cap height of the first line to the last baseline, in user units. */
  height: number;
  /** Widest line, in user units. */
  width: number;
}

const CAP_HEIGHT = 0.73;

function wrap(words: string[], fits: (line: string) => boolean): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (!line || fits(candidate)) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Cut a line down to fit, ending with an ellipsis; used only when the smallest size is not enough. */
function truncate(line: string, fits: (line: string) => boolean): string {
  const chars = Array.from(line);
  while (chars.length > 1 && !fits(`${chars.join("").trimEnd()}…`)) chars.pop();
  return `${chars.join("").trimEnd()}…`;
}

/**
 * Largest font size (stepping down ~4%) at which the text wraps into maxLines within the box.
 * Over-long words are split if need be, and anything still too long is cut with an ellipsis.
 */
export function fitText(text: string, opts: FitOptions): Fitted {
  const lineHeight = opts.lineHeight ?? 1.08;
  const tracking = opts.tracking ?? 0;
  const words = text.split(" ");
  const heightOf = (n: number, size: number) => size * (CAP_HEIGHT + (n - 1) * lineHeight);
  const result = (lines: string[], size: number): Fitted => ({
    lines,
    size,
    lineHeight,
    letterSpacing: tracking * size,
    height: heightOf(lines.length, size),
    width: Math.max(...lines.map((l) => measure(l, size, tracking * size))),
  });

  // First try whole words only; failing that, allow breaks inside over-long words (better a
  // split word at a decent size than a tiny one).
  for (const split of [false, true]) {
    for (let size = opts.maxSize; size >= opts.minSize; size = Math.max(opts.minSize, size * 0.96)) {
      const fits = (line: string) => measure(line, size, tracking * size) <= opts.maxWidth;
      const pieces = split ? words.flatMap((word) => (fits(word) ? [word] : splitWord(word, fits))) : words;
      const lines = wrap(pieces, fits);
      const tallEnough = opts.maxHeight === undefined || heightOf(lines.length, size) <= opts.maxHeight;
      if (lines.length <= opts.maxLines && tallEnough && lines.every(fits)) return result(lines, size);
      if (size === opts.minSize) break;
    }
  }

  // Last resort at the minimum size: break inside words, keep maxLines, ellipsis on the last.
  const size = opts.minSize;
  const fits = (line: string) => measure(line, size, tracking * size) <= opts.maxWidth;
  const pieces = words.flatMap((word) => (fits(word) ? [word] : splitWord(word, fits)));
  let maxLines = opts.maxLines;
  while (maxLines > 1 && opts.maxHeight !== undefined && heightOf(maxLines, size) > opts.maxHeight) maxLines--;
  const lines = wrap(pieces, fits);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = truncate(`${kept[maxLines - 1] ?? ""} ${lines[maxLines] ?? ""}`, fits);
    return result(kept, size);
  }
  return result(
    lines.map((l) => (fits(l) ? l : truncate(l, fits))),
    size,
  );
}

function splitWord(word: string, fits: (line: string) => boolean): string[] {
  const parts: string[] = [];
  let part = "";
  for (const ch of word) {
    if (part && !fits(part + ch)) {
      parts.push(part);
      part = ch;
    } else part += ch;
  }
  if (part) parts.push(part);
  return parts;
}

export interface TextStyle {
  fill: string;
  weight?: 400 | 700;
  anchor?: "start" | "middle" | "end";
  opacity?: number;
}

/** A <text> element whose first line's capitals start at `top`. */
export function textBlock(fitted: Fitted, x: number, top: number, style: TextStyle): string {
  const n = (v: number) => Math.round(v * 10) / 10;
  const firstBaseline = top + fitted.size * CAP_HEIGHT;
  const tspans = fitted.lines
    .map(
      (line, i) => `<tspan x="${n(x)}" y="${n(firstBaseline + i * fitted.size * fitted.lineHeight)}">${escapeXml(line)}</tspan>`,
    )
    .join("");
  const attrs = [
    `font-family="${COVER_FONT}"`,
    `font-size="${n(fitted.size)}"`,
    `font-weight="${style.weight ?? 700}"`,
    `fill="${style.fill}"`,
    style.anchor && style.anchor !== "start" ? `text-anchor="${style.anchor}"` : "",
    fitted.letterSpacing ? `letter-spacing="${n(fitted.letterSpacing)}"` : "",
    style.opacity !== undefined ? `fill-opacity="${style.opacity}"` : "",
  ].filter(Boolean);
  return `<text ${attrs.join(" ")}>${tspans}</text>`;
}
