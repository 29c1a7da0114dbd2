/**
 * The Virtual Crate Dig's flipping rules, pure so they are tested without a browser: positions are
 * 1-based ("3 of 24") and wrap round at both ends like a crate you keep flipping through; a swipe
 * flips (~/domain/shared/swipe); ← and → flip unless the shopper is typing or using a control that
 * needs the arrow keys.
 */

import type { SwipeDirection } from "~/domain/shared/swipe";

/** A flip is the same gesture as a slideshow swipe: to the next record or the previous one. */
export type FlipDirection = SwipeDirection;

/** A position in 1…total: a bad or missing value is 1, past the end is the last. 0 for an empty crate. */
export function clampPosition(position: number | null | undefined, total: number): number {
  if (!Number.isFinite(total) || total < 1) return 0;
  const last = Math.floor(total);
  if (typeof position !== "number" || !Number.isFinite(position)) return 1;
  return Math.min(last, Math.max(1, Math.trunc(position)));
}

/** Reads ?pos= as the loader and the browser both see it: digits only, otherwise 1; then clamped. */
export function positionFromParam(param: string | null | undefined, total: number): number {
  const text = (param ?? "").trim();
  return clampPosition(/^\d{1,9}$/.test(text) ? Number(text) : 1, total);
}

/** Any whole number brought into 1…total by wrapping round (0 is the last, total + 1 the first). */
export function wrapPosition(position: number, total: number): number {
  if (!Number.isFinite(total) || total < 1 || !Number.isFinite(position)) return total >= 1 ? 1 : 0;
  const n = Math.floor(total);
  return ((((Math.trunc(position) - 1) % n) + n) % n) + 1;
}

export function nextPosition(position: number, total: number): number {
  return wrapPosition(position + 1, total);
}

export function previousPosition(position: number, total: number): number {
  return wrapPosition(position - 1, total);
}

/** Flipping only means something with two or more records. */
export function canFlip(total: number): boolean {
  return Number.isFinite(total) && total >= 2;
}

/** Which way the crate was flipped to get from one position to another; null for a jump or no move. */
export function flipDirection(from: number, to: number, total: number): FlipDirection | null {
  if (!canFlip(total) || from === to) return null;
  if (to === nextPosition(from, total)) return "next";
  if (to === previousPosition(from, total)) return "previous";
  return null;
}

/** "3 of 24". */
export function positionLabel(position: number, total: number): string {
  return `${position} of ${total}`;
}

/** The parts of a KeyboardEvent the rule reads (the target as the element that had focus). */
export interface FlipKey {
  key: string;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
  defaultPrevented?: boolean;
  target?: { tagName?: string; isContentEditable?: boolean; getAttribute?: (name: string) => string | null } | null;
}

// Elements that use the arrow keys themselves: text fields and selects move the caret or choice, media
// controls seek, sliders slide.
const OWN_ARROWS = new Set(["INPUT", "TEXTAREA", "SELECT", "AUDIO", "VIDEO"]);
const ARROW_ROLES = new Set([
  "slider",
  "spinbutton",
  "textbox",
  "combobox",
  "listbox",
  "menu",
  "menubar",
  "radiogroup",
  "tablist",
]);

/** True when focus is in a form field or a control that needs the arrow keys. */
export function isArrowKeyTarget(target: FlipKey["target"]): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  if (OWN_ARROWS.has((target.tagName ?? "").toUpperCase())) return true;
  const role = target.getAttribute?.("role");
  return !!role && ARROW_ROLES.has(role);
}

/**
 * ← previous, → next; nothing with a modifier (Alt+← is the browser's Back), when another handler took
 * the key, or when focus is in a form field.
 */
export function keyFlip(event: FlipKey): FlipDirection | null {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return null;
  if (isArrowKeyTarget(event.target)) return null;
  return event.key === "ArrowRight" ? "next" : "previous";
}
