/**
 * Scan-to-list intake (/admin/intake): find the pressing a used copy in hand is, by its barcode or catalogue number,
 * among the shop's own records and Discogs's releases; make the pressing from a Discogs release the shop does not
 * have; suggest a price from the shop's own sales; and publish the copy through the used copies service (stock
 * ledger, audit, wants alerts), remembering the barcode on a pressing that had none. See docs/decisions/0080.
 */
import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Actor } from "../../app/domain/admin/audit";
import { londonDayStart } from "../../app/domain/admin/periods";
import { GRADES, type Grade } from "../../app/domain/catalogue/grades";
import { DEFAULT_COVER_URL, hasRealCover } from "../../app/domain/catalogue/hiding";
import { DEFAULT_PREVIEW_SECONDS, recordFieldsSchema } from "../../app/domain/catalogue/record-fields";
import { barcodeForms, foldCatalogNumber, readCode, type CodeReading } from "../../app/domain/intake/barcode";
import type { IntakeCopy, PressingPick, ReleaseFields } from "../../app/domain/intake/intake-schemas";
import { readStoredFormat } from "../../app/domain/catalogue/formats";
import { newPressingPrice, suggestUsedPrice, type PriceSuggestion, type UsedSale } from "../../app/domain/intake/suggested-price";
import { REVENUE_STATUSES } from "../../app/domain/orders/order-status";
import { todayInLondon } from "../../app/domain/shared/dates";
import { NotFoundError, ValidationError } from "../../app/domain/shared/errors";
import { parseInput } from "../../app/domain/shared/parse-input";
import type { VatScheme } from "../../app/domain/vat/vat-schemes";
import { writeTransaction, type Db } from "../../db/client";
import { orderLines, orders, records, stockMovements, type RecordRow } from "../../db/schema";
import { audioUrlFor } from "../../db/seed/media/write-media";
import {
  DiscogsAuthError,
  DiscogsRateLimitedError,
  DiscogsRequestError,
  DiscogsUnavailableError,
  type DiscogsClient,
  type DiscogsRelease,
} from "../discogs/discogs-client";
import { fieldsToColumns, newCatalogueId, snapshot } from "./admin-record-fields";
import type { AuditService } from "./audit";
import { NOT_A_PRESSING, type UsedCopiesService, type UsedCopyView } from "./used-copies";

/** One of the shop's own pressings, as intake lists it among the matches. */
export interface OwnPressing {
  id: number;
  title: string;
  artist: string;
  label: string | null;
  catalogNumber: string | null;
  format: string | null;
  year: number | null;
  barcode: string | null;
  discogsReleaseId: number | null;
  pricePence: number;
  hasCover: boolean;
  /** Why it matched: its barcode, its catalogue number, or a Discogs release found for the code. */
  matchedBy: "barcode" | "catalogue number" | "Discogs release";
}

/** A Discogs release among the candidates, with the shop's own pressing of it when there is one. */
export interface DiscogsCandidate extends DiscogsRelease {
  inShop: number | null;
}

export type DiscogsAnswer =
  { state: "off" } | { state: "ok"; releases: DiscogsCandidate[] } | { state: "failed"; message: string };

export interface IntakeLookup {
  reading: CodeReading;
  /** The barcode this lookup stands for: the code read, or one carried from an earlier lookup. */
  barcode: string | null;
  own: OwnPressing[];
  discogs: DiscogsAnswer;
}

/** A copy listed at intake: what its confirmation, the session's list and its shelf label show. */
export interface IntakeCopyView {
  id: number;
  catalogueId: string;
  title: string;
  artist: string;
  pricePence: number;
  mediaGrade: Grade;
  sleeveGrade: Grade;
  sleeveKind: string | null;
  shelfLocation: string | null;
  /** How it was bought (the next copy from the same box starts with the same scheme, date and seller). */
  vatScheme: VatScheme;
  purchasedAt: string | null;
  purchasedFrom: string | null;
  hasCover: boolean;
  pressingId: number | null;
  createdAt: string;
}

/** The pressing picked for the copy in hand, as intake's grading form shows it. */
export interface PickedPressing {
  /** The form's `pressing` value: "own:12" or "discogs:249504". */
  pick: string;
  /** The shop's record, or null for a Discogs release publishing will make into one. */
  pressingId: number | null;
  title: string;
  artist: string;
  label: string | null;
  catalogNumber: string | null;
  format: string | null;
  year: number | null;
  hasCover: boolean;
  /** The release's fields as the publish form carries them (a Discogs pick only). */
  release: DiscogsRelease | null;
  /** A barcode publishing will remember on the pressing (it has none yet). */
  barcodeToRemember: string | null;
  newPricePence: number;
  suggestions: Record<Grade, PriceSuggestion>;
}

export interface Listed {
  copy: UsedCopyView;
  pressingId: number;
  /** The pressing was made from a Discogs release at this intake. */
  created: boolean;
  barcodeRemembered: boolean;
  price: PriceSuggestion | null;
  /** Shoppers cannot see it: the pressing (and so the copy) has no cover yet. */
  hiddenForNoCover: boolean;
}

const MAX_OWN_MATCHES = 20;
const DISCOGS_CANDIDATES = 10;
/** How many of a pressing's latest used sales the suggestion reads (it takes the last five at one grade). */
const SALES_READ = 200;

/** A short note of why Discogs could not be asked; the shop's own matches show regardless. */
export function discogsFailure(error: unknown): string {
  if (error instanceof DiscogsAuthError) return "Discogs refused the shop's token; check the Discogs settings.";
  if (error instanceof DiscogsRateLimitedError)
    return `Discogs asked the shop to slow down; try again in ${Math.max(1, Math.ceil(error.retryAfterMs / 1000))} s.`;
  if (error instanceof DiscogsUnavailableError) return "Discogs could not be reached just now.";
  if (error instanceof DiscogsRequestError) return `Discogs refused the search (${error.status}).`;
  return "Discogs failed to answer.";
}

const foldedCatalogNumberSql = sql`lower(replace(replace(replace(replace(${records.catalogNumber}, ' ', ''), '-', ''), '.', ''), char(9), ''))`;

const ownColumns = {
  id: records.id,
  title: records.title,
  artist: records.artist,
  label: records.label,
  catalogNumber: records.catalogNumber,
  format: records.format,
  year: records.year,
  barcode: records.barcode,
  discogsReleaseId: records.discogsReleaseId,
  pricePence: records.pricePence,
  coverUrl: records.coverUrl,
};

export function createIntakeService(
  db: Db,
  deps: { usedCopies: Pick<UsedCopiesService, "add">; audit: AuditService; discogs: DiscogsClient | null },
) {
  /** The shop's pressings (new records, not used copies) matching any of the conditions, each once, first reason kept. */
  function ownMatches(conditions: { where: ReturnType<typeof sql>; matchedBy: OwnPressing["matchedBy"] }[]): OwnPressing[] {
    const seen = new Map<number, OwnPressing>();
    for (const c of conditions) {
      const rows = db
        .select(ownColumns)
        .from(records)
        .where(and(eq(records.condition, "new"), c.where))
        .orderBy(desc(records.id))
        .limit(MAX_OWN_MATCHES)
        .all();
      for (const { coverUrl, ...r } of rows)
        if (!seen.has(r.id)) seen.set(r.id, { ...r, hasCover: hasRealCover(coverUrl), matchedBy: c.matchedBy });
    }
    return [...seen.values()].slice(0, MAX_OWN_MATCHES);
  }

  async function askDiscogs(query: { barcode?: string; catalogNumber?: string }): Promise<DiscogsRelease[] | { failed: string }> {
    try {
      return await deps.discogs!.searchReleases(query, DISCOGS_CANDIDATES);
    } catch (error) {
      return { failed: discogsFailure(error) };
    }
  }

  function salesOf(pressingId: number): UsedSale[] {
    return db
      .select({ pricePence: orderLines.unitPricePence, mediaGrade: records.mediaGrade, soldAt: orders.paidAt })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(records, eq(records.id, orderLines.recordId))
      .where(
        and(
          eq(records.usedOfRecordId, pressingId),
          isNotNull(records.mediaGrade),
          inArray(orders.status, [...REVENUE_STATUSES]),
          isNotNull(orders.paidAt),
          sql`${orderLines.refundedQuantity} < ${orderLines.quantity}`,
        ),
      )
      .orderBy(desc(orders.paidAt))
      .limit(SALES_READ)
      .all() as UsedSale[];
  }

  const pressingRow = (id: number) => db.select().from(records).where(eq(records.id, id)).get();

  /** Makes the shop's pressing of a Discogs release: no stock, a new price by format, no cover (see the decision). */
  function createPressing(actor: Actor, release: ReleaseFields, barcode: string | null): RecordRow {
    const fields = parseInput(
      recordFieldsSchema,
      {
        title: release.title,
        artist: release.artist,
        label: release.label ?? "",
        catalogNumber: release.catalogNumber ?? "",
        format: release.format ?? "",
        year: release.year ?? "",
        // The record form reads pounds as typed.
        price: (newPressingPrice(release.format) / 100).toFixed(2),
        condition: "new",
        duration: DEFAULT_PREVIEW_SECONDS,
      },
      { message: "first" },
    );
    const catalogueId = newCatalogueId(fields);
    const row = db
      .insert(records)
      .values({
        ...fieldsToColumns(fields),
        catalogueId,
        coverUrl: DEFAULT_COVER_URL,
        audioUrl: audioUrlFor(catalogueId),
        stockQuantity: 0,
        published: true,
        barcode,
        discogsReleaseId: release.id,
      })
      .returning()
      .get();
    deps.audit.record(actor, {
      entityType: "record",
      entityId: row.id,
      action: `created at intake from Discogs release ${release.id}`,
      before: null,
      after: { ...snapshot(row), barcode, discogsReleaseId: release.id, openingStock: 0 },
    });
    return row;
  }

  return {
    /**
     * The pressings a code may be: the shop's own by barcode (either form of a UPC-A) or folded catalogue number, and
     * Discogs's releases when a client is configured, with the shop's own pressings of those releases (by release id,
     * or by catalogue number when the code was a barcode the shop has not got yet). A Discogs failure leaves the
     * shop's own matches with a note.
     */
    async lookup(code: string, carriedBarcode: string | null = null): Promise<IntakeLookup> {
      const reading = readCode(code);
      if (reading.kind === "refused") return { reading, barcode: carriedBarcode, own: [], discogs: { state: "off" } };
      const barcode = reading.kind === "barcode" ? reading.digits : carriedBarcode;
      const query = reading.kind === "barcode" ? { barcode: reading.digits } : { catalogNumber: reading.text };
      const found = deps.discogs ? await askDiscogs(query) : null;
      const releases = Array.isArray(found) ? found : [];
      const releaseIds = releases.map((r) => r.id);
      const releaseKeys = [...new Set(releases.map((r) => (r.catalogNumber ? foldCatalogNumber(r.catalogNumber) : "")))].filter(
        Boolean,
      );
      const own = ownMatches([
        reading.kind === "barcode"
          ? { where: inArray(records.barcode, barcodeForms(reading.digits)) as ReturnType<typeof sql>, matchedBy: "barcode" }
          : { where: sql`${foldedCatalogNumberSql} = ${reading.key}`, matchedBy: "catalogue number" },
        ...(releaseIds.length
          ? [
              {
                where: inArray(records.discogsReleaseId, releaseIds) as ReturnType<typeof sql>,
                matchedBy: "Discogs release" as const,
              },
            ]
          : []),
        // A barcode the shop's pressing does not have yet: its catalogue number, as Discogs gives it, finds it.
        ...(reading.kind === "barcode" && releaseKeys.length
          ? [
              {
                where: sql`${records.barcode} is null and ${foldedCatalogNumberSql} in ${releaseKeys}`,
                matchedBy: "catalogue number" as const,
              },
            ]
          : []),
      ]);
      const discogs: DiscogsAnswer =
        found === null
          ? { state: "off" }
          : Array.isArray(found)
            ? {
                state: "ok",
                releases: found.map((r) => ({ ...r, inShop: own.find((p) => p.discogsReleaseId === r.id)?.id ?? null })),
              }
            : { state: "failed", message: found.failed };
      return { reading, barcode, own, discogs };
    },

    /**
     * The pressing for the grading form: the one picked, or the only candidate when there is just one (a scan of a
     * barcode the shop knows goes straight to grading). A Discogs release the shop has is its own pressing.
     */
    picked(found: IntakeLookup, pick: PressingPick | undefined): PickedPressing | null {
      const releases = found.discogs.state === "ok" ? found.discogs.releases : [];
      const candidates: PressingPick[] = [
        ...found.own.map((o) => ({ kind: "own" as const, id: o.id })),
        ...releases.filter((r) => r.inShop === null).map((r) => ({ kind: "discogs" as const, id: r.id })),
      ];
      let chosen = pick ?? (candidates.length === 1 ? candidates[0] : undefined);
      if (chosen?.kind === "discogs") {
        const inShop = releases.find((r) => r.id === chosen!.id)?.inShop;
        if (inShop) chosen = { kind: "own", id: inShop };
      }
      if (!chosen) return null;
      if (chosen.kind === "own") {
        const p = this.pressing(chosen.id);
        if (!p) return null;
        return {
          pick: `own:${p.id}`,
          pressingId: p.id,
          title: p.title,
          artist: p.artist,
          label: p.label,
          catalogNumber: p.catalogNumber,
          format: p.format,
          year: p.year,
          hasCover: p.hasCover,
          release: null,
          barcodeToRemember: p.barcode ? null : found.barcode,
          newPricePence: p.pricePence,
          suggestions: this.suggestions(p.id, p.pricePence),
        };
      }
      const release = releases.find((r) => r.id === chosen.id);
      if (!release) return null;
      const newPricePence = newPressingPrice(release.format ? readStoredFormat(release.format) : null);
      return {
        pick: `discogs:${release.id}`,
        pressingId: null,
        title: release.title,
        artist: release.artist,
        label: release.label,
        catalogNumber: release.catalogNumber,
        format: release.format,
        year: release.year,
        hasCover: false,
        release,
        barcodeToRemember: found.barcode,
        newPricePence,
        suggestions: this.suggestions(null, newPricePence),
      };
    },

    /** One of the shop's pressings for intake's form, or null when it is not a pressing. */
    pressing(id: number): OwnPressing | null {
      const row = db
        .select(ownColumns)
        .from(records)
        .where(and(eq(records.id, id), eq(records.condition, "new")))
        .get();
      if (!row) return null;
      const { coverUrl, ...r } = row;
      return { ...r, hasCover: hasRealCover(coverUrl), matchedBy: "catalogue number" };
    },

    /** The suggested price at every media grade: from the pressing's used sales, else from its new price. */
    suggestions(pressingId: number | null, newPricePence: number): Record<Grade, PriceSuggestion> {
      const sales = pressingId === null ? [] : salesOf(pressingId);
      return Object.fromEntries(GRADES.map((g) => [g, suggestUsedPrice({ mediaGrade: g, sales, newPricePence })])) as Record<
        Grade,
        PriceSuggestion
      >;
    },

    /**
     * Publishes the copy in one transaction: the pressing (made from the Discogs release if the shop has none of it
     * yet), its barcode remembered if it had none, and the used copy at the typed or suggested price.
     */
    publish(actor: Actor, input: IntakeCopy): Listed {
      return writeTransaction(db, () => {
        let created = false;
        let pressing: RecordRow | undefined;
        if (input.pressing.kind === "own") {
          pressing = pressingRow(input.pressing.id);
          if (!pressing) throw new NotFoundError("That record is no longer in the catalogue.");
          if (pressing.condition !== "new") throw new ValidationError(NOT_A_PRESSING);
        } else {
          const release = input.pressing.release;
          // Made once: a second copy of the same release (or a second press of the button) finds the first pressing.
          pressing =
            db
              .select()
              .from(records)
              .where(and(eq(records.discogsReleaseId, release.id), eq(records.condition, "new")))
              .orderBy(records.id)
              .get() ?? undefined;
          if (!pressing) {
            pressing = createPressing(actor, release, input.barcode);
            created = true;
          }
        }
        let barcodeRemembered = created && input.barcode !== null;
        if (!created && input.barcode && !pressing.barcode) {
          db.update(records).set({ barcode: input.barcode }).where(eq(records.id, pressing.id)).run();
          deps.audit.record(actor, {
            entityType: "record",
            entityId: pressing.id,
            action: "barcode remembered at intake",
            before: { barcode: null },
            after: { barcode: input.barcode },
          });
          barcodeRemembered = true;
        }
        const { price, ...copy } = input.copy;
        const suggestion =
          price === undefined
            ? suggestUsedPrice({ mediaGrade: copy.mediaGrade, sales: salesOf(pressing.id), newPricePence: pressing.pricePence })
            : null;
        const made = deps.usedCopies.add(actor, pressing.id, {
          ...copy,
          ...input.bought,
          price: price ?? suggestion!.pricePence,
          discogsReleaseId: input.pressing.kind === "discogs" ? input.pressing.release.id : undefined,
        });
        return {
          copy: made,
          pressingId: pressing.id,
          created,
          barcodeRemembered,
          price: suggestion,
          hiddenForNoCover: !hasRealCover(pressing.coverUrl),
        };
      });
    },

    /** The copies `actor` listed today (London), latest first: the session's list and "today's labels". */
    listedToday(actor: { id: number }, limit = 200, now = new Date()): IntakeCopyView[] {
      const since = londonDayStart(todayInLondon(now));
      const ids = db
        .select({ id: stockMovements.recordId })
        .from(stockMovements)
        .innerJoin(records, eq(records.id, stockMovements.recordId))
        .where(
          and(
            eq(stockMovements.reason, "delivery"),
            sql`${stockMovements.createdAt} >= ${since}`,
            eq(stockMovements.actorId, actor.id),
            isNotNull(records.usedOfRecordId),
            isNotNull(records.mediaGrade),
          ),
        )
        .orderBy(desc(stockMovements.id))
        .limit(limit)
        .all()
        .map((r) => r.id);
      return this.copies([...new Set(ids)]);
    },

    /** Used copies by id, in the order asked (unknown ids and records that are not copies left out). */
    copies(ids: readonly number[]): IntakeCopyView[] {
      if (ids.length === 0) return [];
      const rows = db
        .select({
          id: records.id,
          catalogueId: records.catalogueId,
          title: records.title,
          artist: records.artist,
          pricePence: records.pricePence,
          mediaGrade: records.mediaGrade,
          sleeveGrade: records.sleeveGrade,
          sleeveKind: records.sleeveKind,
          shelfLocation: records.shelfLocation,
          vatScheme: records.vatScheme,
          purchasedAt: records.purchasedAt,
          purchasedFrom: records.purchasedFrom,
          coverUrl: records.coverUrl,
          pressingId: records.usedOfRecordId,
          createdAt: records.createdAt,
        })
        .from(records)
        .where(and(inArray(records.id, [...ids]), eq(records.condition, "used"), isNotNull(records.mediaGrade)))
        .all();
      const byId = new Map(
        rows.map(({ coverUrl, ...r }) => [
          r.id,
          { ...r, mediaGrade: r.mediaGrade as Grade, sleeveGrade: r.sleeveGrade as Grade, hasCover: hasRealCover(coverUrl) },
        ]),
      );
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /** The shelf location of the last copy `actor` listed today, so a box of records keeps its place. */
    lastShelfLocation(actor: { id: number }): string | null {
      return this.listedToday(actor, 1)[0]?.shelfLocation ?? null;
    },
  };
}

export type IntakeService = ReturnType<typeof createIntakeService>;
