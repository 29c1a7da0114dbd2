/**
 * Where to send someone after signing in: only a path on this site. Anything else (another host,
 * a protocol-relative "//evil", backslash tricks, the auth page itself) falls back to `fallback`.
 */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2000) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.includes("\\")) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must not pass
  if (/[\u0000-\u001f]/.test(to)) return fallback;
  const path = to.split(/[?#]/, 1)[0] ?? "";
  if (path === "/auth" || path === "/logout") return fallback;
  return to;
}
