/**
 * Sleeve design families. Each draws on a 600×600 canvas (the SVG's viewBox) and keeps its
 * type inside boxes measured by fitText, so long titles shrink and wrap instead of overflowing.
 */
import { between, intBetween, pick, type Rng } from "./prng";
import { contrast, DARK, isDark, LIGHT, textOn, type Palette } from "./cover-palettes";
import { fitText, textBlock, type Fitted } from "./cover-text";

export interface DesignContext {
  rng: Rng;
  pal: Palette;
  /** Prefix for ids in <defs>, so several sleeves can share one HTML page. */
  uid: string;
  title: string;
  artist: string;
  /** Made-up sleeve catalogue number, e.g. "NDL 4821". */
  catNo: string;
}

export type Design = (c: DesignContext) => string;

const S = 600;
const PAD = 40;
const n = (v: number) => Math.round(v * 10) / 10;
const rect = (x: number, y: number, w: number, h: number, fill: string, extra = "") =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"${extra}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra = "") =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${extra}/>`;
/** A circle as path data; many in one <path> render far faster than many <circle>s. */
const ring = (cx: number, cy: number, r: number) =>
  `M${n(cx - r)} ${n(cy)}a${n(r)} ${n(r)} 0 1 0 ${n(2 * r)} 0a${n(r)} ${n(r)} 0 1 0 ${n(-2 * r)} 0Z`;

/** One line of small letter-spaced capitals (catalogue number, "stereo"). */
function small(
  text: string,
  x: number,
  top: number,
  fill: string,
  anchor: "start" | "middle" | "end" = "start",
  maxWidth = 260,
): string {
  const f = fitText(text.toUpperCase(), { maxWidth, maxLines: 1, maxSize: 12, minSize: 8, tracking: 0.18 });
  return textBlock(f, x, top, { fill, weight: 700, anchor, opacity: 0.85 });
}

function artistLine(c: DesignContext, maxWidth: number, maxSize: number): Fitted {
  return fitText(c.artist.toUpperCase(), { maxWidth, maxLines: 1, maxSize, minSize: 11, tracking: 0.12 });
}

/** A vinyl record sliding out of the sleeve, title set above it. */
const grooves: Design = (c) => {
  const { rng, pal } = c;
  const artist = artistLine(c, S - 2 * PAD, 20);
  const titleTop = PAD + artist.height + 16;
  const title = fitText(c.title, { maxWidth: S - 2 * PAD, maxLines: 3, maxSize: 58, minSize: 20, maxHeight: 120 });
  const r = 250;
  const cy = Math.max(titleTop + title.height + 40 + r, 410);
  const cx = between(rng, 260, 340);
  const out: string[] = [rect(0, 0, S, S, pal.bg), circle(cx, cy, r, "#111111")];
  // Grooves: fine rings in three brightnesses, with a few darker gaps between tracks.
  const grooves: string[][] = [[], [], []];
  for (let gr = 96; gr < r - 4; gr += 2.4) grooves[intBetween(rng, 0, 2)]?.push(ring(cx, cy, gr));
  grooves.forEach((d, i) =>
    out.push(`<path d="${d.join("")}" fill="none" stroke="#ffffff" stroke-opacity="${(0.035 + i * 0.025).toFixed(3)}"/>`),
  );
  const gaps = Array.from({ length: 4 }, () => ring(cx, cy, between(rng, 110, r - 20)));
  out.push(`<path d="${gaps.join("")}" fill="none" stroke="#000000" stroke-opacity="0.6" stroke-width="2"/>`);
  // Light catching the vinyl: two opposite soft wedges.
  const angle = between(rng, 0, Math.PI);
  for (const base of [angle, angle + Math.PI]) {
    const p = (t: number) => `${n(cx + r * Math.cos(t))} ${n(cy + r * Math.sin(t))}`;
    out.push(
      `<path d="M${n(cx)} ${n(cy)} L${p(base)} A${r} ${r} 0 0 1 ${p(base + 0.45)} Z" fill="#ffffff" fill-opacity="0.055"/>`,
    );
  }
  // The label must stand out from the black vinyl.
  const label = [...pal.accents, pal.bg].find((col) => contrast(col, "#111111") > 2.5) ?? "#e8e2d0";
  const labelInk = textOn(label, pal);
  out.push(
    circle(cx, cy, 88, label),
    circle(cx, cy, 80, "none", ` stroke="${labelInk}" stroke-opacity="0.35" stroke-width="1"`),
    small(c.catNo, cx, cy - 44, labelInk, "middle", 120),
    small("33⅓ rpm", cx, cy + 30, labelInk, "middle", 120),
    circle(cx, cy, 6, pal.bg),
    textBlock(artist, PAD, PAD, { fill: pal.ink, weight: 400 }),
    textBlock(title, PAD, titleTop, { fill: pal.ink }),
  );
  return out.join("");
};

/** 1970s op-art: concentric colour rings rising over a text band. */
const rings: Design = (c) => {
  const { rng, pal } = c;
  const bandTop = 420;
  const [cx, cy] = pick(rng, [
    [300, bandTop],
    [0, 0],
    [S, 0],
    [150, bandTop],
  ] as const);
  const colours = [...pal.accents, pal.bg, pal.ink];
  const step = intBetween(rng, 26, 40);
  const out: string[] = [rect(0, 0, S, S, pal.bg)];
  let prev = "";
  for (let r = 900; r > 0; r -= step) {
    let col = pick(rng, colours);
    if (col === prev) col = colours[(colours.indexOf(col) + 1) % colours.length] as string;
    out.push(circle(cx, cy, r, col));
    prev = col;
  }
  const band = rng() < 0.5 ? pal.ink : pal.bg;
  const ink = textOn(band, pal);
  const title = fitText(c.title, { maxWidth: S - 2 * PAD, maxLines: 2, maxSize: 46, minSize: 18, maxHeight: 84 });
  const artist = artistLine(c, S - 2 * PAD, 18);
  const top = bandTop + (S - bandTop - title.height - artist.height - 18) / 2;
  out.push(
    rect(0, bandTop, S, S - bandTop, band),
    textBlock(title, PAD, top, { fill: ink }),
    textBlock(artist, PAD, top + title.height + 18, { fill: ink, weight: 400 }),
  );
  return out.join("");
};

/** Swiss style: flat geometric shapes on a grid, flush-left type, a small details column. */
const swiss: Design = (c) => {
  const { rng, pal } = c;
  const [a, b, third] = pal.accents;
  const out: string[] = [rect(0, 0, S, S, pal.bg)];
  const variant = intBetween(rng, 0, 2);
  if (variant === 0) {
    const r = between(rng, 140, 180);
    out.push(circle(between(rng, 360, 430), between(rng, 170, 200), r, a));
    out.push(rect(PAD, PAD, between(rng, 90, 150), between(rng, 90, 150), b));
  } else if (variant === 1) {
    let x = PAD;
    const cols = [a, b, third, pal.ink];
    while (x < S - PAD - 30) {
      const w = Math.min(pick(rng, [30, 50, 70, 90]), S - PAD - x);
      const h = between(rng, 90, 300);
      out.push(rect(x, 340 - h, w, h, pick(rng, cols)));
      x += w + pick(rng, [8, 16, 24]);
    }
  } else {
    const size = between(rng, 250, 320);
    out.push(
      `<rect x="${n(-size / 2)}" y="${n(-size / 2)}" width="${n(size)}" height="${n(size)}" fill="${a}" transform="translate(${n(between(rng, 380, 450))} ${n(between(rng, 140, 190))}) rotate(45)"/>`,
    );
    out.push(circle(between(rng, 150, 230), between(rng, 200, 250), between(rng, 80, 110), b, ` fill-opacity="0.92"`));
  }
  const ruleY = 362;
  const colW = 130;
  const textW = S - 2 * PAD - colW - 20;
  const artist = fitText(c.artist, { maxWidth: textW, maxLines: 1, maxSize: 26, minSize: 13 });
  const title = fitText(c.title, {
    maxWidth: textW,
    maxLines: 3,
    maxSize: 52,
    minSize: 20,
    maxHeight: S - PAD - ruleY - 30 - artist.height - 18,
  });
  out.push(
    rect(PAD, ruleY, S - 2 * PAD, 3, pal.ink),
    textBlock(artist, PAD, ruleY + 26, { fill: pal.ink, weight: 400 }),
    textBlock(title, PAD, ruleY + 26 + artist.height + 18, { fill: pal.ink }),
    small(c.catNo, S - PAD, ruleY + 26, pal.ink, "end", colW),
    small("stereo", S - PAD, ruleY + 46, pal.ink, "end", colW),
  );
  return out.join("");
};

/** Bold diagonal stripes with a round medallion carrying the type. */
const stripes: Design = (c) => {
  const { rng, pal } = c;
  const angle = pick(rng, [-45, 45, -30, 30, 60, -60]);
  const colours = [...pal.accents, pal.bg];
  const out: string[] = [rect(0, 0, S, S, pal.bg), `<g transform="rotate(${angle} 300 300)">`];
  for (let x = -300; x < 900;) {
    const w = pick(rng, [16, 24, 36, 52, 70]);
    out.push(rect(x, -300, w + 0.5, 1200, colours[intBetween(rng, 0, colours.length - 1)] as string));
    x += w;
  }
  out.push("</g>");
  const r = 175;
  const disc = rng() < 0.5 ? pal.bg : pal.ink;
  const ink = textOn(disc, pal);
  const title = fitText(c.title, { maxWidth: 270, maxLines: 3, maxSize: 44, minSize: 16, maxHeight: 130 });
  const artist = fitText(c.artist.toUpperCase(), { maxWidth: 250, maxLines: 2, maxSize: 16, minSize: 11, tracking: 0.12 });
  const total = title.height + 20 + artist.height;
  const top = 300 - total / 2;
  out.push(
    circle(300, 300, r + 10, ink, ` fill-opacity="0.9"`),
    circle(300, 300, r, disc),
    textBlock(title, 300, top, { fill: ink, anchor: "middle" }),
    textBlock(artist, 300, top + title.height + 20, { fill: ink, weight: 400, anchor: "middle" }),
  );
  return out.join("");
};

/** A smooth colour field with soft glows and very big type. */
const gradient: Design = (c) => {
  const { rng, pal, uid } = c;
  const colours = [pal.bg, ...pal.accents];
  // Only pairs that one text colour reads well on from end to end.
  const legible = (x: string, y: string) =>
    Math.max(Math.min(contrast(LIGHT, x), contrast(LIGHT, y)), Math.min(contrast(DARK, x), contrast(DARK, y)));
  const pairs: [string, string][] = [];
  for (const x of colours) for (const y of colours) if (x !== y && legible(x, y) >= 3.5) pairs.push([x, y]);
  const [from, to] = pairs.length > 0 ? pick(rng, pairs) : [pal.bg, pal.bg];
  const ink =
    Math.min(contrast(LIGHT, from), contrast(LIGHT, to)) >= Math.min(contrast(DARK, from), contrast(DARK, to)) ? LIGHT : DARK;
  // A dark "glow" reads as a smudge, so glows are light colours only.
  const glows = colours.filter((x) => x !== from && x !== to && !isDark(x));
  const glow = glows.length > 0 ? pick(rng, glows) : LIGHT;
  const rot = intBetween(rng, 0, 359);
  const out: string[] = [
    `<defs><linearGradient id="${uid}g" gradientTransform="rotate(${rot} 0.5 0.5)"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`,
    `<radialGradient id="${uid}r"><stop offset="0" stop-color="${glow}" stop-opacity="0.6"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient></defs>`,
    rect(0, 0, S, S, `url(#${uid}g)`),
  ];
  for (let i = 0; i < 2; i++)
    out.push(circle(between(rng, 150, 520), between(rng, 60, 300), between(rng, 150, 260), `url(#${uid}r)`));
  const artist = artistLine(c, 380, 18);
  const title = fitText(c.title.toUpperCase(), {
    maxWidth: S - 2 * PAD,
    maxLines: 3,
    maxSize: 112,
    minSize: 28,
    maxHeight: 330,
    lineHeight: 0.98,
  });
  out.push(
    textBlock(artist, PAD, PAD, { fill: ink, weight: 400 }),
    small(c.catNo, S - PAD, PAD + 2, ink, "end", 140),
    textBlock(title, PAD - title.size * 0.04, S - PAD - title.height, { fill: ink }),
  );
  return out.join("");
};

/** Halftone dots swelling from a focal point, type on a solid label block. */
const halftone: Design = (c) => {
  const { rng, pal } = c;
  const [a, b] = pal.accents;
  const dot = contrast(a, pal.bg) > 1.6 ? a : b;
  const step = pick(rng, [18, 20, 24]);
  const fx = between(rng, 320, 600);
  const fy = between(rng, 0, 260);
  const reach = between(rng, 450, 650);
  const out: string[] = [rect(0, 0, S, S, pal.bg)];
  const dots: string[] = [];
  for (let y = step / 2; y < S; y += step) {
    for (let x = step / 2; x < S; x += step) {
      const t = Math.max(0, 1 - Math.hypot(x - fx, y - fy) / reach);
      const r = step * 0.62 * t ** 0.9;
      if (r > 0.7) dots.push(ring(x, y, r));
    }
  }
  out.push(`<path fill="${dot}" d="${dots.join("")}"/>`);
  const blockW = S - 2 * PAD - 60;
  const inner = blockW - 44;
  const title = fitText(c.title, { maxWidth: inner, maxLines: 3, maxSize: 42, minSize: 18, maxHeight: 130 });
  const artist = fitText(c.artist, { maxWidth: inner, maxLines: 1, maxSize: 22, minSize: 12 });
  const blockH = 22 + title.height + 16 + artist.height + 26;
  const blockW2 = Math.min(blockW, Math.max(title.width, artist.width) + 44);
  const top = S - PAD - blockH;
  const fill = pal.ink;
  const ink = textOn(fill, pal);
  out.push(
    rect(PAD, top, blockW2, blockH, fill),
    textBlock(title, PAD + 22, top + 22, { fill: ink }),
    textBlock(artist, PAD + 22, top + 22 + title.height + 16, { fill: ink, weight: 400 }),
  );
  return out.join("");
};

/** Blue Note homage: a tinted "stage lights" photo, a colour band with big artist type. */
const band: Design = (c) => {
  const { rng, pal, uid } = c;
  const [a, b, third] = pal.accents;
  const photoH = between(rng, 250, 300);
  const photo = isDark(pal.bg) ? pal.bg : "#161616";
  // Out-of-focus stage lights: discs with soft edges (a radial gradient per accent is much
  // cheaper for librsvg than blurring), big ones faintest.
  const accents = [a, b, third];
  const stops = (col: string, i: number) =>
    `<radialGradient id="${uid}l${i}"><stop offset="0.7" stop-color="${col}"/><stop offset="1" stop-color="${col}" stop-opacity="0"/></radialGradient>`;
  const out: string[] = [`<defs>${accents.map(stops).join("")}</defs>`, rect(0, 0, S, S, pal.bg), rect(0, 0, S, photoH, photo)];
  for (let i = 0; i < 30; i++) {
    const r = between(rng, 0, 1) ** 2 * 55 + 8;
    const alpha = n((0.55 - r / 160) * between(rng, 0.5, 1) * 100) / 100;
    out.push(
      circle(
        between(rng, -20, S + 20),
        between(rng, 10, photoH - 10),
        r,
        `url(#${uid}l${intBetween(rng, 0, 2)})`,
        ` fill-opacity="${alpha}"`,
      ),
    );
  }
  const bandCol = contrast(a, pal.bg) > 1.5 ? a : b;
  const bandInk = textOn(bandCol, pal);
  const artist = fitText(c.artist.toUpperCase(), {
    maxWidth: S - 2 * PAD,
    maxLines: 2,
    maxSize: 72,
    minSize: 22,
    maxHeight: 110,
    lineHeight: 1.0,
  });
  const bandH = artist.height + 44;
  const title = fitText(c.title, {
    maxWidth: S - 2 * PAD,
    maxLines: 3,
    maxSize: 40,
    minSize: 16,
    maxHeight: S - photoH - bandH - 2 * 24 - 10,
  });
  out.push(
    rect(0, photoH, S, bandH, bandCol),
    textBlock(artist, PAD - 2, photoH + 22, { fill: bandInk }),
    textBlock(title, PAD, photoH + bandH + 24, { fill: pal.ink, weight: 400 }),
    small(c.catNo, S - PAD, S - 28, pal.ink, "end", 140),
  );
  return out.join("");
};

/** Stacked ridge lines (a pulsar-plot homage), quiet type underneath. */
const ridges: Design = (c) => {
  const { rng, pal } = c;
  const bg = isDark(pal.bg) ? pal.bg : pal.ink;
  const line = isDark(pal.bg) ? pal.ink : pal.bg;
  const out: string[] = [rect(0, 0, S, S, bg)];
  const rows = 40;
  const x0 = 140;
  const x1 = 460;
  for (let i = 0; i < rows; i++) {
    const base = 140 + i * 7.6;
    // A few smooth bumps near the middle, scaled by how "active" this row is.
    const gain = between(rng, 0.3, 1);
    const bumps = Array.from({ length: 5 }, () => ({
      at: between(rng, 235, 365),
      w: between(rng, 10, 28),
      h: between(rng, 0, 1) ** 1.5 * 38 * gain,
    }));
    const pts: string[] = [];
    for (let x = x0; x <= x1; x += 4) {
      const env = Math.exp(-(((x - 300) / 75) ** 2));
      let y = rng() * 2.2 * (0.25 + env);
      for (const bump of bumps) y += bump.h * Math.exp(-(((x - bump.at) / bump.w) ** 2)) * env;
      pts.push(`${n(x)} ${n(base - y)}`);
    }
    out.push(`<path d="M${pts.join(" L")}" fill="${bg}" stroke="${line}" stroke-width="1.4" stroke-linejoin="round"/>`);
  }
  const artist = fitText(c.artist.toUpperCase(), { maxWidth: 440, maxLines: 1, maxSize: 17, minSize: 10, tracking: 0.3 });
  const title = fitText(c.title, { maxWidth: 460, maxLines: 2, maxSize: 28, minSize: 14, maxHeight: 60 });
  out.push(
    textBlock(artist, 300, 80, { fill: line, weight: 400, anchor: "middle" }),
    textBlock(title, 300, 482, { fill: line, anchor: "middle" }),
  );
  return out.join("");
};

/** Bauhaus tiles: quarter and half circles on a 4×3 grid over a type band. */
const bauhaus: Design = (c) => {
  const { rng, pal } = c;
  const colours = [pal.bg, ...pal.accents, pal.ink];
  const t = 150;
  const out: string[] = [rect(0, 0, S, S, pal.bg)];
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 4; col++) {
      const x = col * t;
      const y = row * t;
      const tile = pick(rng, colours);
      const others = colours.filter((k) => k !== tile);
      const shape = pick(rng, others);
      out.push(rect(x, y, t + 0.5, t + 0.5, tile));
      const kind = intBetween(rng, 0, 4);
      if (kind === 0) {
        const [ox, oy] = pick(rng, [
          [x, y],
          [x + t, y],
          [x, y + t],
          [x + t, y + t],
        ] as const);
        const sx = ox === x ? 1 : -1;
        const sy = oy === y ? 1 : -1;
        out.push(
          `<path d="M${ox} ${oy} L${ox + sx * t} ${oy} A${t} ${t} 0 0 ${sx * sy > 0 ? 1 : 0} ${ox} ${oy + sy * t} Z" fill="${shape}"/>`,
        );
      } else if (kind === 1) {
        out.push(circle(x + t / 2, y + t / 2, t * 0.36, shape));
      } else if (kind === 2) {
        const up = rng() < 0.5;
        out.push(
          `<path d="M${x} ${up ? y + t : y} A${t / 2} ${t / 2} 0 0 ${up ? 1 : 0} ${x + t} ${up ? y + t : y} Z" fill="${shape}"/>`,
        );
      } else if (kind === 3) {
        out.push(`<path d="M${x} ${y} L${x + t} ${y + t} L${x} ${y + t} Z" fill="${shape}"/>`);
      }
    }
  }
  const title = fitText(c.title, { maxWidth: S - 2 * PAD, maxLines: 2, maxSize: 40, minSize: 16, maxHeight: 70 });
  const artist = artistLine(c, S - 2 * PAD - 120, 16);
  const top = 450 + (150 - title.height - 16 - artist.height) / 2;
  out.push(
    textBlock(title, PAD, top, { fill: pal.ink }),
    textBlock(artist, PAD, top + title.height + 16, { fill: pal.ink, weight: 400 }),
    small(c.catNo, S - PAD, top + title.height + 16 + artist.height - 9, pal.ink, "end", 110),
  );
  return out.join("");
};

export const DESIGNS = { grooves, rings, swiss, stripes, gradient, halftone, band, ridges, bauhaus } as const;
export type DesignName = keyof typeof DESIGNS;
export const DESIGN_NAMES = Object.keys(DESIGNS) as DesignName[];
