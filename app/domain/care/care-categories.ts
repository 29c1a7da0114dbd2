/**
 * The Vinyl Care Guide's five sections, in the order the guide (and GET /api/vinyl-care-tips) lists
 * them: the life of a record from the first clean to the turntable it plays on. Pure and browser-safe;
 * the care service orders its SQL by this list, so page and API always agree.
 */

import { z } from "~/domain/shared/zod";

export const CARE_CATEGORIES = ["cleaning", "handling", "storage", "stylus", "setup"] as const;

export type CareCategory = (typeof CARE_CATEGORIES)[number];

export interface CareTip {
  id: number;
  category: CareCategory;
  title: string;
  body: string;
}

export interface CareSectionCopy {
  /** Short name, for the table of contents. */
  label: string;
  /** The section's h2. */
  heading: string;
  /** One magazine-style line under the heading. */
  standfirst: string;
}

export const CARE_SECTION_COPY: Readonly<Record<CareCategory, CareSectionCopy>> = {
  cleaning: {
    label: "Cleaning",
    heading: "Cleaning",
    standfirst: "Dust is the enemy of a quiet groove. A minute of care before you play saves years of crackle.",
  },
  handling: {
    label: "Handling",
    heading: "Handling",
    standfirst: "Edges and label only: good habits at the turntable keep fingerprints and scuffs off the music.",
  },
  storage: {
    label: "Storage",
    heading: "Storage",
    standfirst: "Upright, cool and sleeved. How you shelve a collection decides how it sounds in twenty years.",
  },
  stylus: {
    label: "Stylus",
    heading: "Stylus care",
    standfirst: "A diamond the size of a grain of sand reads every groove. Keep it clean and know when to change it.",
  },
  setup: {
    label: "Turntable set-up",
    heading: "Turntable set-up",
    standfirst: "Level, balanced and well placed: a few careful adjustments protect every record you own.",
  },
};

/** The anchor of a section on /vinyl-care, e.g. "#cleaning". */
export function careSectionId(category: CareCategory): string {
  return category;
}

/** The anchor of one tip on /vinyl-care. */
export function careTipId(tip: Pick<CareTip, "id">): string {
  return `tip-${tip.id}`;
}

/** GET /api/vinyl-care-tips[?category=]: an empty category (a form's "all" choice) means every category. */
export const careTipsQuerySchema = z.object({
  category: z.preprocess((v) => (v === "" ? undefined : v), z.enum(CARE_CATEGORIES).optional()),
});
