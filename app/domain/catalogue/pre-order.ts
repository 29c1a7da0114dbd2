import { toIsoDate } from "~/domain/shared/dates";

/** Spec §4: a record is a pre-order when its release date is after today. */
export function isPreOrder(releaseDate: string | null | undefined, today: string): boolean {
  const date = toIsoDate(releaseDate);
  return date !== null && date > today;
}
