/**
 * True when following `href` from `current` only moves within the page: same path and query, with a fragment.
 * Only such moves scroll smoothly; a move to another page starts at its top at once.
 */
export function isInPageLink(href: string, current: string): boolean {
  let target: URL;
  let here: URL;
  try {
    here = new URL(current);
    target = new URL(href, here);
  } catch {
    return false;
  }
  return (
    target.hash.length > 1 && target.origin === here.origin && target.pathname === here.pathname && target.search === here.search
  );
}
