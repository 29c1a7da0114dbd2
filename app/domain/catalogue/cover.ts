/**
 * Spec §3: a cover address ending in ".ki" is displayed with ".jpg" instead
 * (legacy uploads were stored with a truncated extension). The extension is
 * matched case-insensitively and before any query string or fragment.
 */
export function displayCoverUrl(url: string | null | undefined): string {
  if (typeof url !== "string") return "";
  const trimmed = url.trim();
  const cut = trimmed.search(/[?#]/);
  const path = cut === -1 ? trimmed : trimmed.slice(0, cut);
  const suffix = cut === -1 ? "" : trimmed.slice(cut);
  return /\.ki$/i.test(path) ? `${path.slice(0, -3)}.jpg${suffix}` : trimmed;
}
