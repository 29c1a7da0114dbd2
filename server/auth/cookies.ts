import { TOKEN_PATTERN } from "./tokens";

/**
 * The session cookie: `__Host-session` over https (the prefix makes browsers insist on Secure, Path=/
 * and no Domain, so a sibling subdomain or a plain-http page cannot plant one), `session` over http.
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? "__Host-session" : "session";
}

function attributes(secure: boolean, maxAgeSeconds: number): string {
  return `Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function serializeSessionCookie(token: string, options: { secure: boolean; maxAgeSeconds: number }): string {
  const maxAge = Math.max(0, Math.floor(options.maxAgeSeconds));
  return `${sessionCookieName(options.secure)}=${token}; ${attributes(options.secure, maxAge)}`;
}

/** A Set-Cookie value that makes the browser forget the session cookie. */
export function clearSessionCookie(secure: boolean): string {
  return `${sessionCookieName(secure)}=; ${attributes(secure, 0)}`;
}

/**
 * The session token from a Cookie header, or null. Only the cookie name of this scheme counts (an http
 * `session` cookie is ignored over https), and only a well-formed token, so junk never reaches the database.
 */
export function readSessionToken(cookieHeader: string | null | undefined, secure: boolean): string | null {
  if (!cookieHeader) return null;
  const name = sessionCookieName(secure);
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return TOKEN_PATTERN.test(value) ? value : null;
  }
  return null;
}
