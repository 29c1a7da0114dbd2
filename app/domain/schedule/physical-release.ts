/**
 * When a release date moves (a pressing plant slips), the physical release usually slips with it: it moves by the
 * same number of days, unless the shop says to keep it. It never comes before the release itself (record-fields.ts).
 */
import { addDays, formatDateGB, toIsoDate } from "~/domain/shared/dates";

const MS_PER_DAY = 86_400_000;

/** Whole days from one ISO date to another (negative when earlier). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / MS_PER_DAY);
}

export type PhysicalAfterMove = { ok: true; physicalReleaseDate: string | null } | { ok: false; message: string };

/**
 * The physical release date after the release date moves from `releaseBefore` to `releaseAfter`. Unset stays unset;
 * a record with no release date before has no distance to move it by, so it stays; `keep` leaves it where it is.
 */
export function physicalDateAfterMove(move: {
  releaseBefore: string | null;
  releaseAfter: string;
  physicalBefore: string | null;
  keep?: boolean;
}): PhysicalAfterMove {
  const physical = toIsoDate(move.physicalBefore);
  const before = toIsoDate(move.releaseBefore);
  if (physical === null) return { ok: true, physicalReleaseDate: null };
  if (move.keep || before === null) {
    if (physical < move.releaseAfter)
      return {
        ok: false,
        message: `The physical release (${formatDateGB(physical)}) cannot come before the new release date.`,
      };
    return { ok: true, physicalReleaseDate: physical };
  }
  return { ok: true, physicalReleaseDate: addDays(physical, daysBetween(before, move.releaseAfter)) };
}
