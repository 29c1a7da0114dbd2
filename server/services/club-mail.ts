/** Mail to a record club member, once per event: the key names the event, the outbox keeps it to one. */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users, type ClubMembershipRow } from "../../db/schema";
import type { MailLinks } from "../mail/links";
import type { MailService } from "./mail";

export function createClubMail(db: Db, deps: { mail: MailService; links: MailLinks }) {
  function mailMember(m: ClubMembershipRow, onceKey: string, subject: string, lines: string[]) {
    const user = db.select({ email: users.email, username: users.username }).from(users).where(eq(users.id, m.userId)).get();
    if (!user) return;
    const id = deps.mail.enqueueOnce({
      to: user.email,
      kind: "record-club",
      onceKey,
      subject,
      text: [
        `Hello ${user.username},`,
        "",
        ...lines,
        "",
        `Your membership: ${deps.links.page("/profile#club")}`,
        "",
        "Needledrop",
      ].join("\n"),
    });
    if (id !== null) deps.mail.dispatch(id);
  }

  return mailMember;
}
