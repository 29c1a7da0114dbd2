/** Hand-written content for the seed: the catalogue's real and named records, word lists for fictional
 * records, and the magazine content (bios, trivia, care tips, blog posts). */
export type * from "./types";
export { REAL_RECORDS } from "./real-records";
export { NAMED_RECORDS } from "./named-records";
export {
  ARTIST_FIRST,
  ARTIST_SECOND,
  TITLE_WORDS_A,
  TITLE_WORDS_B,
  LABELS,
  LABEL_PREFIXES,
  DESCRIPTION_TEMPLATES,
  type GeneratedLabel,
} from "./generated-names";
export { ARTIST_BIOS } from "./artist-bios";
export { TRIVIA } from "./trivia";
export { VINYL_CARE_TIPS } from "./vinyl-care-tips";
export { BLOG_POSTS } from "./blog-posts";
