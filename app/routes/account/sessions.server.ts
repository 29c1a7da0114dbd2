import type { AppLoadContext } from "react-router";
import { describeDevice } from "~/domain/accounts/devices";
import type { SessionListItem } from "~/components/account/session-list";

/** The signed-in person's sessions as their profile lists them; ids are the sessions' own (the tokens' hashes). */
export function sessionListFor(context: AppLoadContext, userId: number): SessionListItem[] {
  return context.services.sessions.listForUser(userId).map((s) => ({
    id: s.id,
    device: describeDevice(s.userAgent),
    ipAddress: s.ipAddress,
    lastSeenAt: s.lastSeenAt === null ? null : new Date(s.lastSeenAt).toISOString(),
    current: s.id === context.sessionId,
  }));
}
