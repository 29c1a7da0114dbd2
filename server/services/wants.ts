/**
 * Shoppers' wants and their alerts. A want names a record and one or more conditions (back in stock, released,
 * price below £X). Stock, catalogue and schedule services call one hook each (`onStockChanged`,
 * `onPriceChanged`, `onReleased`) inside their own transaction; each matching want of a confirmed address gets
 * one alert per event: the want_alerts row is unique per (want, event), the condition is cleared in the same
 * transaction, and mail is queued in the outbox there too, so an event can never mail a want twice, even
 * from two processes at once. Mail is sent after the commit.
 *
 * Anyone may type any address into the Want form, so a want posted without the address's owner signed in is only a
 * request (`want_requests`) until the link mailed to that address confirms it: it never touches the address's wants
 * before then, and the answer is the same whatever the address (known, unknown, awaiting confirmation).
 */
import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { gradeAtLeast, isGrade, type Grade } from "../../app/domain/catalogue/grades";
import { recordPath } from "../../app/domain/catalogue/slug";
import { isPreOrder } from "../../app/domain/catalogue/pre-order";
import { NotFoundError, TooManyAttemptsError, ValidationError } from "../../app/domain/shared/errors";
import { wantConditionsText, type MostWantedRow, type WantView } from "../../app/domain/wants/want-view";
import { todayInLondon } from "../../app/domain/shared/dates";
import {
  crossesBelow,
  isRestock,
  NEED_EMAIL,
  type WantEvent,
  type WantInput,
  type WantRemove,
} from "../../app/domain/wants/want-schema";
import { writeTransaction, type Db } from "../../db/client";
import { createReadCache } from "../../db/read-cache";
import { records, wantAddresses, wantAlerts, wantRequests, wants, wantTokens, type WantRow } from "../../db/schema";
import type { RateLimits } from "../auth/rate-limits";
import { generateToken, hashToken, TOKEN_PATTERN } from "../auth/tokens";
import { TOKEN_SLOT, type MailLinks } from "../mail/links";
import { oneClickUnsubscribeHeaders } from "../mail/list-unsubscribe";
import { wantAlertMail, wantConfirmMail } from "../mail/want-templates";
import type { MailService, MintedToken, PendingMessage } from "./mail";

export type { MostWantedRow, WantView };

export const WANT_CONFIRM_KIND = "want-confirm";
export const WANT_ALERT_KIND = "want-alert";
export const ALREADY_OUT = "This record is already out: pick another alert.";
export const INVALID_WANT_LINK = "This link is invalid or has expired.";

/**
 * Which want a one-click stop link names: its `want` parameter, or null (every want of the address) when it has
 * none. A malformed or repeated one is refused rather than read as "all".
 */
export function wantToStop(query: URLSearchParams): number | null {
  const ids = query.getAll("want");
  if (ids.length === 0) return null;
  if (ids.length > 1 || !/^\d{1,12}$/.test(ids[0]!)) throw new ValidationError(INVALID_WANT_LINK);
  return Number(ids[0]);
}

export interface WantWho {
  /** The signed-in customer, whose own address is used and needs no confirmation. */
  user: { id: number; email: string } | null;
}

export interface WantResult {
  email: string;
  /**
   * True for every want posted without the owner signed in, whatever the address: it waits for the link mailed to
   * the address (none is mailed past the address's hourly limit, and the answer does not say so either). False: the
   * signed-in customer's own want, saved now.
   */
  pending: boolean;
}

/** What a want waits for, as the form's parsed input gives it and the wants and want_requests tables keep it. */
type Conditions = Pick<WantRow, "backInStock" | "onRelease" | "priceBelowPence" | "minGrade">;
const conditionsOf = (v: WantInput): Conditions => ({
  backInStock: v.backInStock,
  onRelease: v.onRelease,
  priceBelowPence: v.priceBelow ?? null,
  minGrade: v.minGrade ?? null,
});

const CONDITION_COLUMN: Record<WantEvent, "backInStock" | "onRelease" | "priceBelowPence" | "minGrade"> = {
  "back-in-stock": "backInStock",
  released: "onRelease",
  "price-below": "priceBelowPence",
  "used-copy": "minGrade",
};

export function createWantsService(
  db: Db,
  deps: { mail: MailService; links: MailLinks; rateLimits?: RateLimits; now?: () => Date },
) {
  const now = deps.now ?? (() => new Date());
  const { mail, links } = deps;
  const iso = () => now().toISOString();

  // Prepared once: a signed-in shopper's record page asks on every view.
  const addressByEmailQuery = db
    .select()
    .from(wantAddresses)
    .where(eq(wantAddresses.email, sql.placeholder("email")))
    .prepare();
  const addressByEmail = (email: string) => addressByEmailQuery.get({ email });
  // A signed-in shopper's want of the record they look at, read once per change to the shop (db/read-cache.ts).
  const cachedActive = createReadCache(db, { max: 1024 });
  const record = (id: number) => db.select().from(records).where(eq(records.id, id)).get();

  /** Sends queued mail once the caller's transaction has committed (a rolled-back row is simply not found). */
  const sendAfterCommit = (ids: number[]) => {
    if (ids.length) queueMicrotask(() => ids.forEach((id) => mail.dispatch(id)));
  };

  function mintToken(
    addressId: number,
    purpose: "confirm" | "unsubscribe" | "request",
    requestId: number | null = null,
  ): { token: string; revoke(): void } {
    const token = generateToken();
    const tokenHash = hashToken(token);
    db.insert(wantTokens).values({ addressId, purpose, requestId, tokenHash }).run();
    return { token, revoke: () => db.delete(wantTokens).where(eq(wantTokens.tokenHash, tokenHash)).run() };
  }

  // A confirmation mail's one token opens both its links: confirm (/wants/confirm) and stop (/wants/unsubscribe,
  // also its List-Unsubscribe header), each for this mail's want request alone.
  mail.mintTokensFor(WANT_CONFIRM_KIND, (message: PendingMessage): MintedToken | null => {
    const request = db
      .select({ id: wantRequests.id, addressId: wantRequests.addressId, status: wantRequests.status })
      .from(wantRequests)
      .where(eq(wantRequests.mailId, message.id))
      .get();
    // Stopped before this attempt went out (or its record deleted): there is nothing left to confirm. A mail queued
    // before want requests has none either: it is not sent, and its guest may want the record again.
    if (request?.status !== "pending") return null;
    const minted = mintToken(request.addressId, "request", request.id);
    return { ...minted, headers: oneClickUnsubscribeHeaders(unsubscribeLink(null)) };
  });

  mail.mintTokensFor(WANT_ALERT_KIND, (message: PendingMessage): MintedToken | null => {
    const alert = db
      .select({ wantId: wants.id, status: wants.status, addressId: wants.addressId })
      .from(wantAlerts)
      .innerJoin(wants, eq(wants.id, wantAlerts.wantId))
      .where(eq(wantAlerts.mailId, message.id))
      .get();
    // Unsubscribed between the event and the send: the alert is dropped.
    if (!alert || alert.status === "unsubscribed") return null;
    const minted = mintToken(alert.addressId, "unsubscribe");
    return { ...minted, headers: oneClickUnsubscribeHeaders(unsubscribeLink(alert.wantId)) };
  });

  const confirmLink = () => `${links.origin}/wants/confirm?token=${TOKEN_SLOT}`;
  const unsubscribeLink = (wantId: number | null) =>
    `${links.origin}/wants/unsubscribe?${wantId === null ? "" : `want=${wantId}&`}token=${TOKEN_SLOT}`;

  /** The address a presented token belongs to, what it is for and (a confirmation mail's) its want request; or null. */
  function tokenOf(token: unknown) {
    const presented = typeof token === "string" ? token.trim() : "";
    if (!TOKEN_PATTERN.test(presented)) return null;
    return (
      db
        .select({
          id: wantAddresses.id,
          email: wantAddresses.email,
          purpose: wantTokens.purpose,
          requestId: wantTokens.requestId,
        })
        .from(wantTokens)
        .innerJoin(wantAddresses, eq(wantAddresses.id, wantTokens.addressId))
        .where(eq(wantTokens.tokenHash, hashToken(presented)))
        .get() ?? null
    );
  }

  /** A want request with its record's name. */
  const requestOf = (id: number | null) =>
    id === null
      ? undefined
      : db
          .select({ request: wantRequests, title: records.title, artist: records.artist, published: records.published })
          .from(wantRequests)
          .innerJoin(records, eq(records.id, wantRequests.recordId))
          .where(eq(wantRequests.id, id))
          .get();
  /** A want request its confirmation link may still apply: pending, of a record on sale. */
  const confirmable = (id: number | null) => {
    const found = requestOf(id);
    return found?.request.status === "pending" && found.published ? found : undefined;
  };

  /**
   * Saves an address's want of a record: creates it, or replaces what it waits for and re-arms it (a new
   * generation) when it was done or stopped. Only for the address's owner: signed in, or confirmed from the mailbox.
   */
  function save(addressId: number, recordId: number, from: Conditions, at: string) {
    const { backInStock, onRelease, priceBelowPence, minGrade } = from;
    const conditions = { backInStock, onRelease, priceBelowPence, minGrade };
    db.insert(wants)
      .values({ addressId, recordId, ...conditions })
      .onConflictDoUpdate({
        target: [wants.addressId, wants.recordId],
        set: { ...conditions, status: "active", generation: sql`${wants.generation} + 1`, updatedAt: at },
      })
      .run();
  }

  /** Alerts may go to the address from now on (kept from the first confirmation). */
  const confirmAddress = (addressId: number, at: string) =>
    db
      .update(wantAddresses)
      .set({ confirmedAt: sql`coalesce(${wantAddresses.confirmedAt}, ${at})` })
      .where(eq(wantAddresses.id, addressId))
      .run();

  /**
   * A confirmation mail's stop link: a pending request is stopped for good (never applied); one already confirmed
   * has its want stopped, as an alert's link for that record would. How many were stopped now.
   */
  function stopRequest(requestId: number): number {
    return writeTransaction(db, () => {
      const found = requestOf(requestId);
      if (!found) return 0;
      const { request } = found;
      if (request.status === "pending") {
        return db.update(wantRequests).set({ status: "stopped" }).where(eq(wantRequests.id, request.id)).run().changes;
      }
      if (request.status !== "applied") return 0;
      return db
        .update(wants)
        .set({ status: "unsubscribed", updatedAt: iso() })
        .where(
          and(eq(wants.addressId, request.addressId), eq(wants.recordId, request.recordId), ne(wants.status, "unsubscribed")),
        )
        .run().changes;
    });
  }

  /**
   * Alerts every armed want of a confirmed address for `recordId` whose condition `event` holds (`matches`),
   * once: the alert row is unique per (want, event and arming), and the condition is cleared with it.
   */
  function fire(
    recordId: number,
    event: WantEvent,
    matches: (w: WantRow) => boolean,
    shown?: { pricePence: number; path: string },
  ): number {
    const column = CONDITION_COLUMN[event];
    const mailIds = writeTransaction(db, () => {
      const rec = record(recordId);
      if (!rec) return [];
      const candidates = db
        .select({ want: wants, email: wantAddresses.email })
        .from(wants)
        .innerJoin(wantAddresses, eq(wantAddresses.id, wants.addressId))
        .where(
          and(
            eq(wants.recordId, recordId),
            eq(wants.status, "active"),
            isNotNull(wantAddresses.confirmedAt),
            column === "priceBelowPence" || column === "minGrade" ? isNotNull(wants[column]) : eq(wants[column], true),
          ),
        )
        .orderBy(asc(wants.id))
        .all()
        .filter((c) => matches(c.want));
      const ids: number[] = [];
      for (const { want, email } of candidates) {
        const claimed = db
          .insert(wantAlerts)
          .values({ wantId: want.id, eventKey: `${event}:${want.generation}` })
          .onConflictDoNothing()
          .returning({ id: wantAlerts.id })
          .get();
        if (!claimed) continue;
        const rest = {
          backInStock: want.backInStock && column !== "backInStock",
          onRelease: want.onRelease && column !== "onRelease",
          priceBelowPence: column === "priceBelowPence" ? null : want.priceBelowPence,
          minGrade: column === "minGrade" ? null : want.minGrade,
        };
        const left = rest.backInStock || rest.onRelease || rest.priceBelowPence !== null || rest.minGrade !== null;
        db.update(wants)
          .set({ ...rest, status: left ? "active" : "done", updatedAt: iso() })
          .where(eq(wants.id, want.id))
          .run();
        const content = wantAlertMail({
          event,
          title: rec.title,
          artist: rec.artist,
          pricePence: shown?.pricePence ?? rec.pricePence,
          recordLink: links.page(shown?.path ?? recordPath(rec)),
          unsubscribeWantLink: unsubscribeLink(want.id),
          unsubscribeAllLink: unsubscribeLink(null),
        });
        const mailId = mail.enqueue({ to: email, kind: WANT_ALERT_KIND, ...content });
        db.update(wantAlerts).set({ mailId }).where(eq(wantAlerts.id, claimed.id)).run();
        ids.push(mailId);
      }
      return ids;
    });
    sendAfterCommit(mailIds);
    return mailIds.length;
  }

  /** An address's wants (of one record, when given), active and done, newest first. */
  const viewsWhere = (addressId: number, recordId?: number) =>
    db
      .select({
        wantId: wants.id,
        recordId: records.id,
        title: records.title,
        artist: records.artist,
        pricePence: records.pricePence,
        stock: records.stockQuantity,
        releaseDate: records.releaseDate,
        backInStock: wants.backInStock,
        onRelease: wants.onRelease,
        priceBelowPence: wants.priceBelowPence,
        minGrade: wants.minGrade,
        condition: records.condition,
        status: wants.status,
      })
      .from(wants)
      .innerJoin(records, eq(records.id, wants.recordId))
      .where(
        and(
          eq(wants.addressId, addressId),
          recordId === undefined ? undefined : eq(wants.recordId, recordId),
          inArray(wants.status, ["active", "done"]),
        ),
      )
      .orderBy(desc(wants.updatedAt), desc(wants.id))
      .all()
      .map(({ condition, minGrade, ...r }): WantView => ({
        ...r,
        minGrade: isGrade(minGrade) ? minGrade : null,
        newPressing: condition === "new",
        path: recordPath({ id: r.recordId, artist: r.artist, title: r.title }),
      }));

  return {
    /**
     * Wants a record (or changes what is wanted, re-arming a want that fired or was unsubscribed). A signed-in
     * customer's want of their own address is saved at once, the address confirmed. Anyone else's is a request:
     * one confirmation mail (within the address's hourly limit) whose link saves it, and the same answer for every
     * address. Takes input parsed with `wantSchema` (every adapter parses it, so pounds become pence once); throws
     * ValidationError (no address, unknown record, "released" for a record already out).
     */
    want(v: WantInput, who: WantWho): WantResult {
      const email = who.user ? who.user.email.trim().toLowerCase() : v.email;
      if (!email) throw new ValidationError(NEED_EMAIL, { email: [NEED_EMAIL] });
      const conditions = conditionsOf(v);
      const mailId = writeTransaction(db, () => {
        const rec = record(v.recordId);
        if (!rec || !rec.published) throw new ValidationError("There is no such record.");
        if (v.onRelease && !isPreOrder(rec.releaseDate, todayInLondon(now())))
          throw new ValidationError(ALREADY_OUT, { onRelease: [ALREADY_OUT] });
        const at = iso();
        db.insert(wantAddresses).values({ email }).onConflictDoNothing({ target: wantAddresses.email }).run();
        if (who.user) {
          db.update(wantAddresses)
            .set({ userId: who.user.id, confirmedAt: sql`coalesce(${wantAddresses.confirmedAt}, ${at})` })
            .where(eq(wantAddresses.email, email))
            .run();
          save(addressByEmail(email)!.id, rec.id, conditions, at);
          return null;
        }
        if (!mayMailConfirmation(email)) return null;
        const address = addressByEmail(email)!;
        const request = db
          .insert(wantRequests)
          .values({ addressId: address.id, recordId: rec.id, ...conditions })
          .returning({ id: wantRequests.id })
          .get();
        const mailId = mail.enqueue({
          to: email,
          kind: WANT_CONFIRM_KIND,
          ...wantConfirmMail({
            title: rec.title,
            artist: rec.artist,
            conditions: wantConditionsText(conditions),
            confirmLink: confirmLink(),
            stopLink: unsubscribeLink(null),
          }),
        });
        db.update(wantRequests).set({ mailId }).where(eq(wantRequests.id, request.id)).run();
        return mailId;
      });
      if (mailId !== null) mail.dispatch(mailId);
      return { email, pending: who.user === null };
    },

    /**
     * What a confirmation link would confirm: its want request (the record's name, what it waits for), or for an
     * address confirmation mailed before want requests the address alone. Null when unknown, used or stopped.
     */
    confirmTarget(token: unknown): { email: string; title: string | null; conditions: string | null } | null {
      const owner = tokenOf(token);
      if (owner?.purpose === "confirm") return { email: owner.email, title: null, conditions: null };
      const found = owner?.purpose === "request" ? confirmable(owner.requestId) : undefined;
      if (!owner || !found) return null;
      return {
        email: owner.email,
        title: `${found.artist} – ${found.title}`,
        conditions: wantConditionsText(found.request),
      };
    },

    /**
     * Confirms a link's want request: the address is confirmed and that one want saved, as the signed-in path
     * saves it, once. An address confirmation mailed before want requests confirms the address (and its wants).
     */
    confirm(token: unknown): { email: string } {
      const owner = tokenOf(token);
      if (owner?.purpose === "confirm") {
        writeTransaction(db, () => {
          confirmAddress(owner.id, iso());
          db.delete(wantTokens)
            .where(and(eq(wantTokens.addressId, owner.id), eq(wantTokens.purpose, "confirm")))
            .run();
        });
        return { email: owner.email };
      }
      if (owner?.purpose !== "request") throw new ValidationError(INVALID_WANT_LINK);
      writeTransaction(db, () => {
        // Read under the write lock: of two presses at once, or a press and a stop, one wins.
        const found = confirmable(owner.requestId);
        if (!found) throw new ValidationError(INVALID_WANT_LINK);
        const at = iso();
        db.update(wantRequests).set({ status: "applied" }).where(eq(wantRequests.id, found.request.id)).run();
        confirmAddress(owner.id, at);
        save(owner.id, found.request.recordId, found.request, at);
      });
      return { email: owner.email };
    },

    /**
     * What a stop link stops: an alert's, one want (`wantId`) or all of the address; a confirmation mail's, its one
     * want request (`onlyThis`), and it names no want. Null when not valid.
     */
    unsubscribeTarget(token: unknown, wantId: number | null): { email: string; title: string | null; onlyThis: boolean } | null {
      const owner = tokenOf(token);
      if (owner?.purpose === "request") {
        const found = wantId === null ? requestOf(owner.requestId) : undefined;
        return found ? { email: owner.email, title: `${found.artist} – ${found.title}`, onlyThis: true } : null;
      }
      if (owner?.purpose !== "unsubscribe") return null;
      if (wantId === null) return { email: owner.email, title: null, onlyThis: false };
      const row = db
        .select({ title: records.title, artist: records.artist })
        .from(wants)
        .innerJoin(records, eq(records.id, wants.recordId))
        .where(and(eq(wants.id, wantId), eq(wants.addressId, owner.id)))
        .get();
      return row ? { email: owner.email, title: `${row.artist} – ${row.title}`, onlyThis: false } : null;
    },

    /**
     * Stops what a stop link names (see `unsubscribeTarget`); an unsubscribed want never fires, a stopped request is
     * never applied. `all`: every want of the address was stopped.
     */
    unsubscribe(token: unknown, wantId: number | null): { email: string; count: number; all: boolean } {
      const owner = tokenOf(token);
      if (owner?.purpose === "request" && owner.requestId !== null && wantId === null) {
        return { email: owner.email, count: stopRequest(owner.requestId), all: false };
      }
      if (owner?.purpose !== "unsubscribe") throw new ValidationError(INVALID_WANT_LINK);
      const changed = db
        .update(wants)
        .set({ status: "unsubscribed", updatedAt: iso() })
        .where(and(eq(wants.addressId, owner.id), wantId === null ? undefined : eq(wants.id, wantId)))
        .run();
      if (wantId !== null && changed.changes === 0) throw new ValidationError(INVALID_WANT_LINK);
      return { email: owner.email, count: changed.changes, all: wantId === null };
    },

    /** A signed-in customer's wants (active and done), newest first. */
    listForUser(user: { id: number; email: string }): WantView[] {
      const address = addressByEmail(user.email.trim().toLowerCase());
      return address ? viewsWhere(address.id) : [];
    },

    /** A signed-in customer's active want of one record, or null: the record page's form starts from it. */
    activeForUser(user: { id: number; email: string }, recordId: number): WantView | null {
      const email = user.email.trim().toLowerCase();
      return cachedActive(`${recordId}:${email}`, () => {
        const address = addressByEmail(email);
        return (address && viewsWhere(address.id, recordId).find((w) => w.status === "active")) ?? null;
      });
    },

    /** Stops one of a signed-in customer's wants (input parsed with `wantRemoveSchema`). */
    removeForUser(user: { id: number; email: string }, { recordId }: WantRemove): void {
      const address = addressByEmail(user.email.trim().toLowerCase());
      const changed = address
        ? db
            .update(wants)
            .set({ status: "unsubscribed", updatedAt: iso() })
            .where(and(eq(wants.addressId, address.id), eq(wants.recordId, recordId)))
            .run().changes
        : 0;
      if (changed === 0) throw new NotFoundError("You do not want that record.");
    },

    /** Records with the most active wants from confirmed addresses: what shoppers are waiting for. */
    mostWanted(limit = 10): MostWantedRow[] {
      const count = sql<number>`count(${wants.id})`;
      return db
        .select({
          recordId: records.id,
          title: records.title,
          artist: records.artist,
          stock: records.stockQuantity,
          releaseDate: records.releaseDate,
          wants: count,
        })
        .from(wants)
        .innerJoin(wantAddresses, eq(wantAddresses.id, wants.addressId))
        .innerJoin(records, eq(records.id, wants.recordId))
        .where(and(eq(wants.status, "active"), isNotNull(wantAddresses.confirmedAt)))
        .groupBy(records.id)
        .orderBy(desc(count), asc(records.title), asc(records.id))
        .limit(Math.min(Math.max(1, Math.floor(limit)), 100))
        .all();
    },

    /**
     * Of these records, those with an active want: the only ones an event can alert. A bulk change (a catalogue
     * import) asks once and tells only those, where an event per record costs a fraction of a millisecond each.
     */
    wantedAmong(recordIds: readonly number[]): Set<number> {
      if (recordIds.length === 0) return new Set();
      const rows = db
        .selectDistinct({ id: wants.recordId })
        .from(wants)
        .where(
          and(eq(wants.status, "active"), sql`${wants.recordId} in (select value from json_each(${JSON.stringify(recordIds)}))`),
        )
        .all();
      return new Set(rows.map((r) => r.id));
    },

    /** Stock moved (call inside the mover's transaction, with the final figures): 0 → some is a restock. */
    onStockChanged(recordId: number, before: number, after: number): number {
      return isRestock(before, after) ? fire(recordId, "back-in-stock", () => true) : 0;
    },

    /** Price changed: wants whose threshold the price crossed going down. */
    onPriceChanged(recordId: number, before: number, after: number): number {
      if (after >= before) return 0;
      return fire(recordId, "price-below", (w) => w.priceBelowPence !== null && crossesBelow(before, after, w.priceBelowPence));
    },

    /**
     * A used copy of `pressingId` was listed (call inside the lister's transaction): wants of the pressing
     * whose minimum grade the copy's media grade meets fire, once per arming, and link to the copy itself.
     */
    onUsedCopyListed(
      pressingId: number,
      copy: { id: number; title: string; artist: string; pricePence: number; mediaGrade: Grade },
    ): number {
      return fire(pressingId, "used-copy", (w) => isGrade(w.minGrade) && gradeAtLeast(copy.mediaGrade, w.minGrade), {
        pricePence: copy.pricePence,
        path: recordPath(copy),
      });
    },

    /** The record is out (its release date has come, or was moved to today or earlier). */
    onReleased(recordId: number): number {
      return fire(recordId, "released", () => true);
    },

    /**
     * A release date changed (catalogue edit, schedule move): a pre-order that is now released fires its
     * "released" wants. Safe to call for any change.
     */
    onReleaseDateChanged(recordId: number, before: string | null, after: string | null, today: string): number {
      return isPreOrder(before, today) && !isPreOrder(after, today) && after !== null ? this.onReleased(recordId) : 0;
    },

    /** Releases whose day has come with "released" wants still armed: run daily (and at start-up). */
    releaseDue(today: string): number {
      const due = db
        .selectDistinct({ id: records.id })
        .from(wants)
        .innerJoin(records, eq(records.id, wants.recordId))
        .where(and(eq(wants.status, "active"), eq(wants.onRelease, true), sql`${records.releaseDate} <= ${today}`))
        .all();
      return due.reduce((n, r) => n + this.onReleased(r.id), 0);
    },
  };

  /** At most a few confirmation mails an hour to one address, however often it is typed in. */
  function mayMailConfirmation(email: string): boolean {
    if (!deps.rateLimits) return true;
    try {
      deps.rateLimits.consume([deps.rateLimits.rule("wantConfirmMailsPerEmail", email)]);
      return true;
    } catch (error) {
      if (error instanceof TooManyAttemptsError) return false;
      throw error;
    }
  }
}

export type WantsService = ReturnType<typeof createWantsService>;
