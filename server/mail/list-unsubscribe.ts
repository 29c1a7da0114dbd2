/**
 * RFC 2369 and RFC 8058 headers for newsletter and marketing mail: mail clients show an "Unsubscribe"
 * button and, because of List-Unsubscribe-Post, unsubscribe with one POST of `List-Unsubscribe=One-Click`
 * to the link (answered by server/http/one-click-unsubscribe.ts).
 */
export const ONE_CLICK_BODY = "List-Unsubscribe=One-Click";

export function oneClickUnsubscribeHeaders(unsubscribeLink: string): Record<string, string> {
  if (!/^https?:\/\//.test(unsubscribeLink)) throw new Error(`List-Unsubscribe needs an http(s) link: ${unsubscribeLink}`);
  return {
    "List-Unsubscribe": `<${unsubscribeLink}>`,
    "List-Unsubscribe-Post": ONE_CLICK_BODY,
  };
}
