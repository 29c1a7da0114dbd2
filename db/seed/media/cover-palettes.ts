/**
 * Colour palettes for generated sleeves. Each is a background, an ink for text on it and
 * three accents; genres lean towards palettes that feel right for them (cool blues for jazz,
 * neon on black for electronic, earth tones for folk) without being locked to them.
 */
import { pick, type Rng } from "./prng";

export interface Palette {
  name: string;
  bg: string;
  ink: string;
  accents: readonly [string, string, string];
}

export const PALETTES: readonly Palette[] = [
  { name: "bluenote", bg: "#efe6d2", ink: "#161616", accents: ["#1f4e8c", "#e07b39", "#2a9d8f"] },
  { name: "swiss", bg: "#f2efe8", ink: "#111111", accents: ["#d7261e", "#111111", "#f2b705"] },
  { name: "noir", bg: "#151515", ink: "#f3efe6", accents: ["#e63946", "#f1faee", "#a8dadc"] },
  { name: "mustard", bg: "#e9b949", ink: "#1b1b1b", accents: ["#1b1b1b", "#b8322a", "#f6efe0"] },
  { name: "sage", bg: "#dfe6d8", ink: "#23302a", accents: ["#5b7f6b", "#c46b4b", "#e9c46a"] },
  { name: "dusk", bg: "#2b2d42", ink: "#edf2f4", accents: ["#ef233c", "#8d99ae", "#f7b267"] },
  { name: "coral", bg: "#ffd9cc", ink: "#2a1e5c", accents: ["#ff5a5f", "#2a1e5c", "#3ec1d3"] },
  { name: "neon", bg: "#0d1b2a", ink: "#e0fbfc", accents: ["#00f5d4", "#f15bb5", "#fee440"] },
  { name: "acid", bg: "#111111", ink: "#f0f0f0", accents: ["#c6ff00", "#ff3d00", "#7c4dff"] },
  { name: "earth", bg: "#efe3cf", ink: "#3b2a1a", accents: ["#a0522d", "#6b8e23", "#d4a373"] },
  { name: "ocean", bg: "#e6f0f3", ink: "#0a2239", accents: ["#0e6ba8", "#f28f3b", "#53a2be"] },
  { name: "plum", bg: "#3d1e3f", ink: "#fbe9d0", accents: ["#f4a259", "#e76f51", "#bc4b51"] },
  { name: "cream", bg: "#f5f0e6", ink: "#2b2b2b", accents: ["#8c1c13", "#bf9b30", "#2b2b2b"] },
  { name: "cobalt", bg: "#1446a0", ink: "#f6f7eb", accents: ["#f6f7eb", "#e94f37", "#ffc914"] },
  { name: "pastel", bg: "#f7f3e3", ink: "#33312e", accents: ["#f4acb7", "#6d9dc5", "#a3c4bc"] },
  { name: "rust", bg: "#1c1c1c", ink: "#f2e8cf", accents: ["#bc4749", "#f2e8cf", "#6a994e"] },
  { name: "sunset", bg: "#fff1d0", ink: "#1e3f20", accents: ["#dd1c1a", "#f0c808", "#086788"] },
  { name: "tangerine", bg: "#ff7f11", ink: "#1a1a1a", accents: ["#1a1a1a", "#fffffc", "#4c5b5c"] },
];

const GENRE_PALETTES: readonly [RegExp, readonly string[]][] = [
  [/jazz|bop|swing|bossa/, ["bluenote", "cobalt", "noir", "mustard", "ocean"]],
  [/blues/, ["cobalt", "mustard", "noir", "dusk", "rust"]],
  [/electro|house|techno|trance|dance|ambient|synth|drum|dub ?step|garage|idm/, ["neon", "acid", "dusk", "noir", "ocean"]],
  [/hip.?hop|rap|grime|trap/, ["acid", "tangerine", "noir", "swiss"]],
  [/soul|funk|r&b|rnb|motown|gospel|disco/, ["plum", "tangerine", "mustard", "sunset", "coral"]],
  [/reggae|dub|ska|latin|afro|world/, ["sunset", "sage", "tangerine", "earth"]],
  [/folk|country|acoustic|americana|bluegrass/, ["earth", "sage", "cream", "pastel"]],
  [/classical|opera|baroque|orchestra|choral/, ["cream", "sage", "noir", "ocean"]],
  [/metal|punk|rock|grunge|indie|alternative/, ["rust", "noir", "swiss", "acid", "dusk"]],
  [/pop/, ["coral", "pastel", "swiss", "sunset", "tangerine"]],
];

/** Mostly a genre-appropriate palette; one time in five any palette, for variety. */
export function pickPalette(rng: Rng, genre: string | null): Palette {
  const key = (genre ?? "").toLowerCase();
  const names = GENRE_PALETTES.find(([re]) => re.test(key))?.[1];
  const pool = names && rng() < 0.8 ? PALETTES.filter((p) => names.includes(p.name)) : PALETTES;
  return pick(rng, pool.length > 0 ? pool : PALETTES);
}

function luminance(hex: string): number {
  const v = Number.parseInt(hex.slice(1), 16);
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin((v >> 16) & 255) + 0.7152 * lin((v >> 8) & 255) + 0.0722 * lin(v & 255);
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const LIGHT = "#f7f3ea";
export const DARK = "#141414";

/** Palette ink or background if either reads well on `fill`, else plain light or dark. */
export function textOn(fill: string, palette: Palette): string {
  const preferred = [palette.ink, palette.bg].find((c) => contrast(c, fill) >= 4.5);
  if (preferred) return preferred;
  return contrast(LIGHT, fill) >= contrast(DARK, fill) ? LIGHT : DARK;
}

export function isDark(hex: string): boolean {
  return luminance(hex) < 0.2;
}
