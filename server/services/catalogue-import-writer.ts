/**
 * Writes a catalogue import's rows to the shop's database (see importWriter), on the import's own connection.
 */
import { randomBytes } from "node:crypto";
import type Database from "better-sqlite3";
import { audioUrlFor } from "../../db/seed/media/write-media";
import { changedFields, type Actor } from "../../app/domain/admin/audit";
import { DEFAULT_COVER_URL } from "../../app/domain/catalogue/hiding";
import { fieldsToText, type RecordFields } from "../../app/domain/catalogue/record-fields";
import { ConflictError } from "../../app/domain/shared/errors";
import { newCatalogueId } from "./admin-record-fields";
import { auditAppender } from "./audit";
import type { RecordEdit } from "./record-edits";

const nowIso = () => new Date().toISOString();

const RECORD_COLUMNS = {
  title: "title",
  artist: "artist",
  genre: "genre",
  price: "price_pence",
  description: "description",
  label: "label",
  format: "format",
  catalogNumber: "catalog_number",
  releaseDate: "release_date",
  physicalReleaseDate: "physical_release_date",
  year: "year",
  condition: "condition",
  duration: "duration",
  rating: "rating",
  isNewRelease: "is_new_release",
  bestSeller: "best_seller",
  discogsReleaseId: "discogs_release_id",
} as const satisfies Record<keyof RecordFields, string>;

/** SQLite binds no booleans: flags become 1 and 0. */
function bindFields(f: RecordFields): Record<string, string | number | null> {
  return { ...f, isNewRelease: f.isNewRelease ? 1 : 0, bestSeller: f.bestSeller ? 1 : 0 };
}

/**
 * The writes of an import, in two steps. `stage` runs on the import's own connection, a row at a time and a slice
 * at a time: it works out each row's new values and its audit row (before → after, from the record as it is now)
 * into a TEMP table, which lives apart from the shop's database file and so takes no lock on it. `commit` then
 * writes every staged row with a handful of set-based statements in one short transaction: the shop's write lock
 * is held for the few hundred milliseconds SQLite needs, not for the seconds the JavaScript took (a write on the
 * shop's connection waits for a lock synchronously, so a lock held across a pause would stall it, and the pause
 * with it, until busy_timeout gave up). The same rows as create/update/setPublished write: the record, its opening
 * stock as a delivery in the ledger, and a chained audit row with the changed fields.
 */
export function importWriter(client: Database.Database, actor: Actor) {
  const names = Object.keys(RECORD_COLUMNS) as (keyof RecordFields)[];
  const columns = names.map((n) => RECORD_COLUMNS[n]);
  const appendAudit = auditAppender(client);
  const stage = `temp.import_stage_${randomBytes(6).toString("hex")}`;
  client.exec(
    `create table ${stage} (seq integer primary key, line integer not null, action text not null,
       record_id integer, catalogue_id text, updated_at text, opening_stock integer, published integer, audio_url text,
       audit_action text not null, audit_before text, audit_after text, ${columns.join(", ")})`,
  );
  const stageRow = client.prepare(
    `insert into ${stage} (line, action, record_id, catalogue_id, updated_at, opening_stock, published, audio_url,
       audit_action, audit_before, audit_after, ${columns.join(", ")})
     values (@line, @action, @recordId, @catalogueId, @updatedAt, @openingStock, @published, @audioUrl,
       @auditAction, @auditBefore, @auditAfter, ${names.map((n) => `@${n}`).join(", ")})`,
  );
  const select = client.prepare<[number], Record<string, unknown>>(
    `select published, updated_at as updatedAt, cover_url as coverUrl, audio_url as audioUrl,
       ${names.map((n) => `${RECORD_COLUMNS[n]} as ${n}`).join(", ")} from records where id = ?`,
  );
  const fromStored = (r: Record<string, unknown>): RecordFields =>
    Object.fromEntries(names.map((n) => [n, n === "isNewRelease" || n === "bestSeller" ? r[n] === 1 : r[n]])) as RecordFields;
  const auditOf = (before: Record<string, unknown> | null, after: Record<string, unknown>) => {
    const diff = changedFields(before, after);
    return { auditBefore: diff.before && JSON.stringify(diff.before), auditAfter: JSON.stringify(diff.after) };
  };
  const none = { recordId: null, catalogueId: null, updatedAt: null, openingStock: null, audioUrl: null };

  return {
    create(line: number, fields: RecordFields, openingStock: number, published: boolean): void {
      const catalogueId = newCatalogueId(fields);
      const audioUrl = audioUrlFor(catalogueId);
      const after = { ...fieldsToText(fields), published, coverUrl: DEFAULT_COVER_URL, audioUrl, openingStock };
      stageRow.run({
        ...none,
        ...bindFields(fields),
        ...auditOf(null, after),
        line,
        action: "create",
        catalogueId,
        audioUrl,
        openingStock,
        published: published ? 1 : 0,
        auditAction: "imported (created)",
      });
    },
    /** False when the record is gone. */
    update(line: number, id: number, fields: RecordFields, published: boolean | null): boolean {
      const stored = select.get(id);
      if (!stored) return false;
      const was = stored.published === 1;
      const media = { coverUrl: stored.coverUrl, audioUrl: stored.audioUrl };
      stageRow.run({
        ...none,
        ...bindFields(fields),
        ...auditOf(
          { ...fieldsToText(fromStored(stored)), published: was, ...media },
          { ...fieldsToText(fields), published: published ?? was, ...media },
        ),
        line,
        action: "update",
        recordId: id,
        updatedAt: stored.updatedAt,
        published: published === null ? null : published ? 1 : 0,
        auditAction: "imported (updated)",
      });
      return true;
    },
    /**
     * Writes every staged row at once; call inside a write transaction. Returns each updated record's price and
     * release date before and after, for the hooks an edit by hand calls (see tellWantsOfEdits).
     */
    commit(): RecordEdit[] {
      // A record edited or deleted since it was staged would be overwritten with stale "before" values.
      const stale = client
        .prepare<[], { line: number }>(
          `select s.line from ${stage} s left join records r on r.id = s.record_id
           where s.action = 'update' and (r.id is null or r.updated_at is not s.updated_at) order by s.seq limit 1`,
        )
        .get();
      if (stale)
        throw new ConflictError(`Line ${stale.line}: its record was changed or deleted meanwhile; preview the file again.`);
      client
        .prepare(
          `insert into records (catalogue_id, cover_url, audio_url, stock_quantity, published, ${columns.join(", ")})
           select catalogue_id, ?, audio_url, opening_stock, published, ${columns.join(", ")}
           from ${stage} where action = 'create' order by seq`,
        )
        .run(DEFAULT_COVER_URL);
      client
        .prepare(
          `insert into stock_movements (record_id, change, reason, note, actor_id)
           select r.id, s.opening_stock, 'delivery', 'Opening stock', ? from ${stage} s join records r using (catalogue_id)
           where s.action = 'create' and s.opening_stock > 0 order by s.seq`,
        )
        .run(actor.id);
      // Read before the update below, inside the same transaction: the values the shop had until now.
      const edits = client
        .prepare<[], RecordEdit>(
          `select r.id, r.price_pence as priceBefore, s.price_pence as priceAfter,
             r.release_date as releaseBefore, s.release_date as releaseAfter
           from ${stage} s join records r on r.id = s.record_id
           where s.action = 'update' and (s.price_pence is not r.price_pence or s.release_date is not r.release_date)
           order by s.seq`,
        )
        .all();
      client
        .prepare(
          `update records set ${columns.map((c) => `${c} = s.${c}`).join(", ")},
             published = coalesce(s.published, records.published), updated_at = ?
           from ${stage} s where s.action = 'update' and records.id = s.record_id`,
        )
        .run(nowIso());
      // A row at a time, not one set-based insert: each audit row is chained to the one before it (its hash
      // covers that row's hash), like every other change's. Its id comes from its new record for a created one.
      const staged = client
        .prepare<[], { entityId: number; action: string; before: string | null; after: string | null }>(
          `select coalesce(s.record_id, r.id) as entityId, s.audit_action as action, s.audit_before as before,
             s.audit_after as after
           from ${stage} s left join records r on s.action = 'create' and r.catalogue_id = s.catalogue_id order by s.seq`,
        )
        .all();
      const parse = (json: string | null) => (json === null ? null : (JSON.parse(json) as Record<string, unknown>));
      for (const row of staged)
        appendAudit(actor, {
          entityType: "record",
          entityId: row.entityId,
          action: row.action,
          before: parse(row.before),
          after: parse(row.after),
          area: "catalogue",
        });
      return edits;
    },
    /** The staging table goes with the import, whatever happened. */
    drop(): void {
      client.exec(`drop table if exists ${stage}`);
    },
  };
}
