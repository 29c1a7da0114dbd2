/** What the waiting page says, from a shopper's standing in a drop's queue. */

/** The page asks again this often (a meta refresh: it works without JavaScript). */
export const WAITING_REFRESH_SECONDS = 15;

export type Standing =
  | { kind: "closed"; onSaleAt: string }
  | { kind: "waiting"; onSaleAt: string; position: number | null; ahead: number | null; inBallot: boolean }
  | { kind: "admitted"; holdExpiresAt: string }
  | { kind: "bought" }
  | { kind: "expired"; holdExpiredAt: string | null }
  | { kind: "sold-out" };

export interface WaitingView {
  heading: string;
  lines: string[];
  /** Seconds until the page refreshes itself; null when there is nothing left to wait for. */
  refreshSeconds: number | null;
  /** Let in: the shopper may put the record in the cart and check out. */
  canCheckOut: boolean;
}

/** "about 40 ahead": rounded so the page does not flicker with every refresh of a long queue. */
export function aheadPhrase(ahead: number): string {
  if (ahead === 0) return "You are next.";
  if (ahead < 10) return `${ahead} ahead of you.`;
  const step = ahead < 100 ? 5 : ahead < 1000 ? 10 : 100;
  return `About ${Math.round(ahead / step) * step} ahead of you.`;
}

/** `time` formats an instant as the shop's local clock time ("10:42"); passed in so this stays free of Intl. */
export function waitingView(standing: Standing, time: (iso: string) => string): WaitingView {
  switch (standing.kind) {
    case "closed":
      return {
        heading: "The waiting room is not open yet",
        lines: [`It opens 30 minutes before the sale at ${time(standing.onSaleAt)}. Come back then.`],
        refreshSeconds: null,
        canCheckOut: false,
      };
    case "waiting": {
      const lines =
        standing.inBallot && standing.position === null
          ? [
              `You are in. At ${time(standing.onSaleAt)} everyone here is put in a random order, then let in as copies allow.`,
              "Arriving earlier does not put you further ahead: keep this page open.",
            ]
          : [`Your place in the queue: ${standing.position}.`, aheadPhrase(standing.ahead ?? 0)];
      lines.push(`This page refreshes itself every ${WAITING_REFRESH_SECONDS} seconds.`);
      return { heading: "You are in the queue", lines, refreshSeconds: WAITING_REFRESH_SECONDS, canCheckOut: false };
    }
    case "admitted":
      return {
        heading: "It's your turn",
        lines: [`A copy is held for you until ${time(standing.holdExpiresAt)}. Check out before then to buy it.`],
        refreshSeconds: null,
        canCheckOut: true,
      };
    case "bought":
      return {
        heading: "You bought your copy",
        lines: ["Thank you. Your order confirmation is on its way."],
        refreshSeconds: null,
        canCheckOut: false,
      };
    case "expired":
      return {
        heading: "Your hold has ended",
        lines: [
          standing.holdExpiredAt
            ? `Your hold ended at ${time(standing.holdExpiredAt)} and the copy went to the next in line. Nothing has been charged.`
            : "Your hold ended and the copy went to the next in line. Nothing has been charged.",
        ],
        refreshSeconds: null,
        canCheckOut: false,
      };
    case "sold-out":
      return {
        heading: "Sold out",
        lines: ["Every copy has been sold. Thank you for waiting."],
        refreshSeconds: null,
        canCheckOut: false,
      };
  }
}
