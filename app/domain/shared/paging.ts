/**
 * Listings paged by `?page=`: the page a request asks for and the address of each page. No schema library:
 * pages' components import `pagedPath`, and one pattern says all there is to a page number.
 */
const PAGE_PARAM = /^[1-9]\d{0,5}$/;

/** "?page=N" read strictly: absent is page 1; anything but a positive whole number is null (a 404). */
export function parsePageParam(params: URLSearchParams): number | null {
  const raw = params.get("page");
  if (raw === null) return 1;
  return PAGE_PARAM.test(raw) ? Number(raw) : null;
}

/** `/path` for page 1, `/path?page=n` after it. */
export const pagedPath = (path: string, page: number) => (page > 1 ? `${path}?page=${page}` : path);

/**
 * The page a paged list shows of `total` items, `size` a page: the one asked for, or the last when it asks past
 * the end; `pageCount` is at least 1, so an empty list has one (empty) page.
 */
export function pageWindow(total: number, asked: number, size: number): { page: number; pageCount: number; offset: number } {
  const pageCount = Math.max(1, Math.ceil(total / size));
  const page = Math.min(asked, pageCount);
  return { page, pageCount, offset: (page - 1) * size };
}
