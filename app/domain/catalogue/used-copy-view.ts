import type { CopyPhoto } from "./copy-photos";
import type { Grade } from "./grades";

/** A used copy as the shop shows it: the service's answer, and (in part) the record page's and back office's props. */
export interface UsedCopyView {
  id: number;
  catalogueId: string;
  pricePence: number;
  mediaGrade: Grade;
  sleeveGrade: Grade;
  note: string | null;
  /** Its release on Discogs (its own, else its pressing's when it was listed), or null. */
  discogsReleaseId: number | null;
  /** 1 on the shelf, 0 sold. */
  stock: number;
  published: boolean;
  path: string;
  createdAt: string;
  /** Its photos, in order (none for most copies). */
  photos: CopyPhoto[];
}

/** What the record page's copies box shows of a copy. */
export type UsedCopyCard = Pick<
  UsedCopyView,
  "id" | "pricePence" | "mediaGrade" | "sleeveGrade" | "note" | "stock" | "path" | "photos"
>;

/** What the back office's list of a pressing's copies shows. */
export type AdminUsedCopy = UsedCopyCard & Pick<UsedCopyView, "catalogueId" | "discogsReleaseId">;
