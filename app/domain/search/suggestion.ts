/** One entry of the header's search suggestions (and of GET /api/search): its cover address after the display rule. */
export interface SearchSuggestion {
  id: number;
  title: string;
  artist: string;
  coverUrl: string;
}
