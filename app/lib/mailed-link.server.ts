import { data } from "react-router";
import type { mailedLinkSchema } from "~/domain/shared/mailed-link";
import type { z } from "~/domain/shared/zod";
import { answerForm, intent } from "~/lib/forms/form-action.server";

/*
 * Pages a mailed link opens (newsletter unsubscribe, cart-reminder stop, want confirmation and stop): opening
 * the link only asks, since mail scanners follow links, and the page's button POSTs the token back.
 */

/** A token as read from a link: trimmed and bounded, "" when absent. */
export const mailedToken = (value: string | null): string => (typeof value === "string" ? value.trim().slice(0, 200) : "");

/** The loader's answer: the token only when it is good, with the address it speaks for. Never cached. */
export function mailedLinkTarget<T extends { email: string }>(token: string, target: T | null) {
  return data({ token: target ? token : null, email: target?.email ?? null }, { headers: { "Cache-Control": "no-store" } });
}

/**
 * The button's post (formAction): the link's fields (the token, a record alert's want) come in the form, or in the
 * address as an RFC 8058 one-click request sends them. Done, with what `act` answers (the address it acted for); a
 * bad or used token is a 400 with the service's message.
 */
export async function answerMailedLink<Schema extends typeof mailedLinkSchema, Done extends { email: string }>(
  request: Request,
  url: URL,
  schema: Schema,
  act: (value: z.output<Schema>) => Done,
) {
  const formData = await request.formData();
  for (const name of Object.keys(schema.shape)) {
    const inLink = url.searchParams.get(name);
    if (!formData.get(name) && inLink !== null) formData.set(name, inLink);
  }
  return answerForm(formData, { default: intent(schema, (value) => ({ done: true as const, ...act(value) })) });
}
