import type { PagePermission } from "./permissions";

/**
 * A back-office route's permissions, declared once as its `handle`: what opening the page needs (`permission`), what
 * its action needs (`action`, one permission for every form on the page) or, when its forms need different ones,
 * what each form intent needs (`intents`). The route-table test reads them and tries every role on each.
 */
export function staffHandle<const M extends { action?: PagePermission; intents?: Record<string, PagePermission> } = object>(
  permission: PagePermission,
  more?: M,
): { permission: PagePermission } & M {
  return { permission, ...(more as M) };
}
