import { data } from "react-router";
import { ValidationError } from "~/domain/shared/errors";

/*
 * Pages a mailed link opens (newsletter unsubscribe, cart-reminder stop, want confirmation and stop): opening
 * the link only asks, since mail scanners follow links, and the page's button POSTs the token back.
 */

/** A token as read from a link or a form: trimmed and bounded, "" when absent. */
export const mailedToken = (value: FormDataEntryValue | string | null): string =>
  typeof value === "string" ? value.trim().slice(0, 200) : "";

/** The token a POST carries in its form, or in the address as an RFC 8058 one-click request sends it. */
export function postedToken(form: FormData, url: URL): string {
  return mailedToken(form.get("token")) || mailedToken(url.searchParams.get("token"));
}

/** The loader's answer: the token only when it is good, with the address it speaks for. Never cached. */
export function mailedLinkTarget<T extends { email: string }>(token: string, target: T | null) {
  return data({ token: target ? token : null, email: target?.email ?? null }, { headers: { "Cache-Control": "no-store" } });
}

/**
 * The action's answer: done, with the address `act` acted for, or, for a bad or used token, a 400 with the
 * message (`invalid` when the page words it its own way). Anything else is a real failure and is thrown.
 */
export function actOnMailedLink(act: () => { email: string }, invalid?: string) {
  try {
    const { email } = act();
    return data({ done: true as const, email, error: null });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return data({ done: false as const, email: null, error: invalid ?? error.message }, { status: 400 });
  }
}
