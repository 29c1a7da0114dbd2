/**
 * A Discogs inventory file's side of the catalogue import: what its rows are matched with (the shop's new pressings
 * by release id and catalogue number, the listings and catalogue ids it already has), and adding its rows as used
 * copies through the used copies service, each with its Discogs listing noted (discogs_listings, state "listed"),
 * so the sync knows the copy is on Discogs already and a second import of the file adds nothing.
 */
import { eq, gt, isNotNull } from "drizzle-orm";
import type { Actor } from "../../app/domain/admin/audit";
import { discogsCatnoKey, type CopyRow, type DiscogsLookups, type PressingRef } from "../../app/domain/discogs/inventory-import";
import { NotFoundError, ValidationError } from "../../app/domain/shared/errors";
import { writeTransaction, type Db } from "../../db/client";
import { discogsListings, records } from "../../db/schema";
import type { AuditService } from "./audit";
import type { ImportProgress, ImportRun } from "./catalogue-import-runs";
import type { UsedCopiesService } from "./used-copies";

/** Stored records read per step. */
const BATCH = 500;

/** The shop as a Discogs file is matched with, read a batch of records at a time (yielding after each). */
export function* discogsLookupsSteps(db: Db): Generator<number, DiscogsLookups> {
  const byRelease = new Map<number, PressingRef[]>();
  const byCatno = new Map<string, PressingRef[]>();
  const byCatalogueId = new Map<string, number>();
  const push = <K>(map: Map<K, PressingRef[]>, key: K, p: PressingRef) => map.set(key, [...(map.get(key) ?? []), p]);
  for (let after = 0; ;) {
    const batch = db
      .select({
        id: records.id,
        catalogueId: records.catalogueId,
        title: records.title,
        artist: records.artist,
        catalogNumber: records.catalogNumber,
        condition: records.condition,
        discogsReleaseId: records.discogsReleaseId,
      })
      .from(records)
      .where(gt(records.id, after))
      .orderBy(records.id)
      .limit(BATCH)
      .all();
    for (const r of batch) {
      byCatalogueId.set(r.catalogueId, r.id);
      // Copies are added to new pressings only (a copy of a copy is refused).
      if (r.condition !== "new") continue;
      const pressing = { id: r.id, title: r.title, artist: r.artist, catalogNumber: r.catalogNumber };
      if (r.discogsReleaseId !== null) push(byRelease, r.discogsReleaseId, pressing);
      if (r.catalogNumber) push(byCatno, discogsCatnoKey(r.catalogNumber), pressing);
    }
    if (batch.length < BATCH) break;
    after = batch.at(-1)!.id;
    yield byCatalogueId.size;
  }
  const listings = new Map(
    db
      .select({ listingId: discogsListings.listingId, recordId: discogsListings.recordId })
      .from(discogsListings)
      .where(isNotNull(discogsListings.listingId))
      .all()
      .map((l) => [l.listingId!, l.recordId]),
  );
  return {
    pressingsByRelease: (id) => byRelease.get(id) ?? [],
    pressingsByCatno: (key) => byCatno.get(key) ?? [],
    recordOfListing: (id) => listings.get(id) ?? null,
    recordOfCatalogueId: (id) => byCatalogueId.get(id) ?? null,
  };
}

/** What happened to a row planned as a copy, when not added: its line and why. */
export interface LateSkip {
  line: number;
  reason: string;
}

/**
 * Adds the planned copies one at a time, each in a transaction of its own with its listing, pausing for the event
 * loop between slices (`pause`). Not all at once: a copy added is whole (copy, ledger, audit, listing), and a run
 * cut short is finished by importing the file again, which skips what is in. A row found imported meanwhile (by
 * another file), or whose pressing went, is skipped with the reason.
 */
export async function addCopyRows(
  db: Db,
  deps: { copies: Pick<UsedCopiesService, "add">; audit?: AuditService },
  actor: Actor,
  rows: readonly CopyRow[],
  run: Pick<ImportRun, "assertHeld">,
  onProgress: (progress: ImportProgress) => void,
  slice: { ms: number; pause: () => Promise<unknown> },
): Promise<{ added: number; lateSkips: LateSkip[] }> {
  let added = 0;
  const lateSkips: LateSkip[] = [];
  let sliceStart = performance.now();
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    try {
      const skipped = writeTransaction(db, () => {
        run.assertHeld(db.$client);
        // Checked again under the write lock: two files with one listing cannot both add it.
        const listed = db
          .select({ recordId: discogsListings.recordId })
          .from(discogsListings)
          .where(eq(discogsListings.listingId, row.listingId))
          .get();
        if (listed) return `Already imported: listing ${row.listingId} is record #${listed.recordId}`;
        if (row.externalId !== null) {
          const known = db.select({ id: records.id }).from(records).where(eq(records.catalogueId, row.externalId)).get();
          if (known) return `Already imported: external id ${row.externalId} is record #${known.id}`;
        }
        const copy = deps.copies.add(actor, row.pressing.id, row.copy);
        db.insert(discogsListings)
          .values({
            recordId: copy.id,
            listingId: row.listingId,
            state: "listed",
            listedPricePence: row.copy.price,
            syncedAt: new Date().toISOString(),
          })
          .run();
        deps.audit?.record(actor, {
          entityType: "record",
          entityId: copy.id,
          action: `imported from Discogs (listing ${row.listingId})`,
          after: { listingId: row.listingId, releaseId: row.copy.discogsReleaseId ?? null, externalId: row.externalId },
          area: "catalogue",
        });
        return null;
      });
      if (skipped) lateSkips.push({ line: row.line, reason: skipped });
      else added++;
    } catch (error) {
      if (!(error instanceof NotFoundError || error instanceof ValidationError)) throw error;
      lateSkips.push({ line: row.line, reason: error.message });
    }
    if (performance.now() - sliceStart >= slice.ms) {
      onProgress({ phase: "writing", done: i + 1, total: rows.length });
      await slice.pause();
      sliceStart = performance.now();
    }
  }
  onProgress({ phase: "writing", done: rows.length, total: rows.length });
  return { added, lateSkips };
}
