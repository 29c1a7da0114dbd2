// Letters NFD does not split into base + accent.
const EXTRA_LATIN: Readonly<Record<string, string>> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
};

/** Lower case with accents removed and ß, æ, ø… spelled out: "Björk" → "bjork", "Straße" → "strasse". */
export function foldAccents(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (ch) => EXTRA_LATIN[ch] ?? ch);
}
