import { asc, eq, sql, type SQL } from "drizzle-orm";
import { CARE_CATEGORIES, type CareCategory, type CareTip } from "../../app/domain/care/care-categories";
import type { Db } from "../../db/client";
import { createReadCache } from "../../db/read-cache";
import { vinylCareTips } from "../../db/schema";

export type { CareCategory, CareTip };

/** One section of the guide: its category and its tips in order (possibly none yet). */
export interface CareSection {
  category: CareCategory;
  tips: CareTip[];
}

/** The guide never grows past this; a bound keeps one bad import from flooding the page. */
export const MAX_CARE_TIPS = 500;

/**
 * Categories in the guide's order (CARE_CATEGORIES), not alphabetical: the API, the guide and its table of
 * contents list cleaning, handling, storage, stylus, then set-up.
 */
const categoryOrder: SQL = sql.raw(
  `case "category" ${CARE_CATEGORIES.map((c, i) => `when '${c}' then ${i}`).join(" ")} else ${CARE_CATEGORIES.length} end`,
);

/** Spec §2 /vinyl-care and §7 vinyl-care-tips: the tips of the Vinyl Care Guide, read from vinyl_care_tips. */
export function createCareService(db: Db) {
  const columns = {
    id: vinylCareTips.id,
    category: vinylCareTips.category,
    title: vinylCareTips.title,
    body: vinylCareTips.body,
  };
  const allTips = db
    .select(columns)
    .from(vinylCareTips)
    .orderBy(categoryOrder, asc(vinylCareTips.position), asc(vinylCareTips.id))
    .limit(MAX_CARE_TIPS)
    .prepare();
  const tipsIn = db
    .select(columns)
    .from(vinylCareTips)
    .where(eq(vinylCareTips.category, sql.placeholder("category")))
    .orderBy(asc(vinylCareTips.position), asc(vinylCareTips.id))
    .limit(MAX_CARE_TIPS)
    .prepare();
  // Kept until the next write to the database, so an edited tip shows at once.
  const cached = createReadCache(db);

  function tips({ category }: { category?: CareCategory } = {}): CareTip[] {
    return cached(`care:${category ?? "*"}`, () => (category ? tipsIn.all({ category }) : allTips.all()));
  }

  return {
    /** Every tip (or one category's), ordered by category (guide order), then position. */
    tips,

    /** The guide's five sections in order, each with its tips; a category without tips has an empty list. */
    guide(): CareSection[] {
      const all = tips();
      return CARE_CATEGORIES.map((category) => ({ category, tips: all.filter((t) => t.category === category) }));
    },
  };
}

export type CareService = ReturnType<typeof createCareService>;
