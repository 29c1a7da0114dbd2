/** Listings paged by `?page=`: the page a request asks for and the address of each page. */
import { z } from "~/domain/shared/zod";

const PAGE_PARAM = z
  .string()
  .regex(/^[1-9]\d{0,5}$/)
  .transform(Number);

/** "?page=N" read strictly: absent is page 1; anything but a positive whole number is null (a 404). */
export function parsePageParam(params: URLSearchParams): number | null {
  const raw = params.get("page");
  if (raw === null) return 1;
  const parsed = PAGE_PARAM.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** `/path` for page 1, `/path?page=n` after it. */
export const pagedPath = (path: string, page: number) => (page > 1 ? `${path}?page=${page}` : path);
