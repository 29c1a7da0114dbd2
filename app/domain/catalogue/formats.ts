/**
 * Spec §9 format labels. FORMATS is the exact list of stored format texts;
 * formatLabel also reads looser spellings ("2xLP", '7"', "12 inch") because
 * older imports were typed by hand.
 */

export const FORMATS = [
  "Vinyl LP",
  "Vinyl 12-inch",
  "Vinyl EP",
  "Vinyl Single",
  "Vinyl 7-inch",
  "Vinyl 2×LP",
  "Vinyl 3×LP",
  "Vinyl Box Set",
  "Coloured Vinyl",
  "Picture Disc Vinyl",
  "Vinyl",
] as const;

export type StoredFormat = (typeof FORMATS)[number];

export interface FormatLabel {
  label: string;
  /** Playing speed, when the format implies one. */
  rpm: string | null;
}

const RPM_33 = "33⅓ RPM";
const RPM_45 = "45 RPM";

// Checked in order: the specific formats first, because "Vinyl 2×LP" also contains "LP".
const RULES: readonly { test: RegExp; result: FormatLabel }[] = [
  { test: /\bbox(?:ed)?[\s-]*set\b|\bbox\b/, result: { label: "Box Set", rpm: null } },
  { test: /\b3\s*x\s*lp\b|\btriple\b/, result: { label: "Triple LP", rpm: RPM_33 } },
  { test: /\b2\s*x\s*lp\b|\bdouble\b/, result: { label: "Double LP", rpm: RPM_33 } },
  { test: /\bpicture\b/, result: { label: "Picture Disc", rpm: null } },
  { test: /\bcolou?red\b/, result: { label: "Coloured Vinyl", rpm: null } },
  { test: /\b12\s*(?:-\s*)?(?:inch|in\b|")/, result: { label: '12" Vinyl', rpm: RPM_33 } },
  { test: /\b7\s*(?:-\s*)?(?:inch|in\b|")/, result: { label: '7" Vinyl', rpm: RPM_45 } },
  { test: /\bsingle\b/, result: { label: "Single", rpm: RPM_45 } },
  { test: /\bep\b/, result: { label: "EP", rpm: null } },
  { test: /\blp\b/, result: { label: "LP", rpm: RPM_33 } },
];

const DEFAULT_LABEL: FormatLabel = { label: "Vinyl", rpm: null };

function normaliseFormat(format: string): string {
  return format
    .toLowerCase()
    .replace(/[×✕]/g, "x") // "2×LP" and "2xLP" are the same thing
    .replace(/[”″“]/g, '"') // typographic inch marks
    .replace(/(\d)\s*x\s*(?=lp)/g, "$1x ") // "2xlp" → "2x lp" so \b boundaries work
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The stored format a spreadsheet's spelling stands for, case-insensitively: the stored text itself, "2LP",
 * "2 x LP", "2×LP", "LP x2", "Double LP", "Triple LP", '12"', "12 inch", '7"', "7in", "LP, Album"… A 10-inch has
 * no format of its own in the shop and is read as plain Vinyl. Null when it names no vinyl format ("CD").
 */
export function readStoredFormat(value: string): StoredFormat | null {
  const text = value
    .trim()
    .toLowerCase()
    .replace(/[×✕]/g, "x")
    .replace(/[”″“]|''/g, '"')
    .replace(/\s+/g, " ");
  if (!text) return null;
  const exact = FORMATS.find((f) => f.toLowerCase().replace("×", "x") === text);
  if (exact) return exact;
  if (/\b(cd|cassette|tape|mp3|flac|digital|dvd)\b/.test(text)) return null;
  // "3LP", "3 x LP", "3xVinyl", "LP x3", "Triple LP"
  const many = /\b([23])\s*x?\s*(?:lp|vinyl)\b|\b(?:lp|vinyl)\s*x\s*([23])\b/.exec(text);
  const count = many ? (many[1] ?? many[2]) : /\btriple\b/.test(text) ? "3" : /\bdouble\b/.test(text) ? "2" : null;
  if (count === "3") return "Vinyl 3×LP";
  if (count === "2") return "Vinyl 2×LP";
  if (/box/.test(text)) return "Vinyl Box Set";
  if (/picture/.test(text)) return "Picture Disc Vinyl";
  if (/colou?r/.test(text)) return "Coloured Vinyl";
  if (/\bsingle\b/.test(text)) return "Vinyl Single";
  const inches = /\b(7|10|12)\s*(?:"|-?\s*inch(?:es)?\b|in\b)/.exec(text)?.[1];
  if (inches === "7") return "Vinyl 7-inch";
  if (inches === "12") return "Vinyl 12-inch";
  if (inches === "10") return "Vinyl";
  if (/\bep\b/.test(text)) return "Vinyl EP";
  if (/\b(lp|album)\b/.test(text)) return "Vinyl LP";
  if (/vinyl/.test(text)) return "Vinyl";
  return null;
}

/** Display label and speed for a stored (or loosely typed) format. */
export function formatLabel(format: string | null | undefined): FormatLabel {
  if (typeof format !== "string" || format.trim() === "") return { ...DEFAULT_LABEL };
  const text = normaliseFormat(format);
  const rule = RULES.find((r) => r.test.test(text));
  return { ...(rule ? rule.result : DEFAULT_LABEL) };
}

/** "LP · 33⅓ RPM", or just the label when there is no speed. */
export function formatLabelText(format: string | null | undefined): string {
  const { label, rpm } = formatLabel(format);
  return rpm ? `${label} · ${rpm}` : label;
}
