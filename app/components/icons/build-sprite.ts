import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { SPRITE_ICONS } from "./sprite-source";

/** The inner shapes of a lucide icon: its rendered <svg> without the wrapper (the page's <svg class="icon"> styles them). */
function shapesOf(name: keyof typeof SPRITE_ICONS): string {
  const markup = renderToStaticMarkup(createElement(SPRITE_ICONS[name]));
  const inner = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(markup);
  if (!inner) throw new Error(`icon ${name} did not render as one <svg>`);
  return inner[1] ?? "";
}

/** The sprite file: one <symbol> per icon, in name order, so the output only changes when an icon does. */
export function buildSprite(): string {
  const names = (Object.keys(SPRITE_ICONS) as (keyof typeof SPRITE_ICONS)[]).sort();
  const symbols = names.map((name) => `<symbol id="${name}" viewBox="0 0 24 24">${shapesOf(name)}</symbol>`);
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}
