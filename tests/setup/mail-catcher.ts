import type { MailTransport, OutgoingMail } from "../../server/mail/transport";

/** A transport that keeps what it is given (or refuses it while `failing`), for tests of delivered mail. */
export interface MailCatcher extends MailTransport {
  messages: OutgoingMail[];
  /** What it was handed while failing (the relay never took it). */
  refused: OutgoingMail[];
  /** While true, every send rejects as an unreachable relay would. */
  failing: boolean;
  /** The newest message to `to` (and of a subject matching `subject`, when given). */
  last(to: string, subject?: RegExp): OutgoingMail | undefined;
}

export function catchMail(): MailCatcher {
  const catcher: MailCatcher = {
    messages: [],
    refused: [],
    failing: false,
    async send(message) {
      if (catcher.failing) {
        catcher.refused.push(structuredClone(message));
        throw new Error("relay unreachable");
      }
      catcher.messages.push(structuredClone(message));
    },
    last(to, subject) {
      return catcher.messages.findLast((m) => m.to === to && (!subject || subject.test(m.subject)));
    },
  };
  return catcher;
}

/** The token in a delivered message's link to `path` (e.g. "/reset-password"), or undefined. */
export function tokenIn(message: OutgoingMail | undefined, path: string): string | undefined {
  return new RegExp(`${path}\\?token=([a-z2-7]{32})`).exec(message?.text ?? "")?.[1];
}
