/**
 * The catalogue imports being applied, and how far each has got, kept in the database (catalogue_import_runs)
 * rather than in one process's memory: with several server processes over one database, a second press of Import
 * may reach another process than the first, and so may the import page's progress poll.
 */
import type Database from "better-sqlite3";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { writeTransaction, type Db } from "../../db/client";
import { catalogueImportRuns } from "../../db/schema";
import { ConflictError } from "../../app/domain/shared/errors";
import { holderGone, holderId } from "../lease";

/** How far an import being applied has got: checking the file again, staging its rows, or writing them. */
export type ImportProgress = Pick<typeof catalogueImportRuns.$inferSelect, "phase" | "done" | "total">;

/**
 * A run whose row has not been written for this long is taken for dead, and another apply of its file may take
 * it over. A live run writes its progress about every quarter second while staging (PROGRESS_WRITE_MS); its
 * longest silences are checking the file again and the final commit, each about a second for the largest file
 * allowed (20,000 rows) on a quiet machine, so a minute leaves room for a busy one. A holder known to have died
 * (see holderGone) is taken over at once. Taking over a run that was only slow is still safe: the slow one finds
 * out at its next write of progress, or at the latest inside its final commit, and stops without writing a row.
 */
export const IMPORT_RUN_STALE_MS = 60_000;

/**
 * A run writes its progress at most this often within a phase (and at once when the phase changes): every write
 * is a durable commit of a few milliseconds on the shop's connection, against 8 ms slices of import work, and the
 * import page asks only twice a second.
 */
export const PROGRESS_WRITE_MS = 250;

export interface ImportRunOptions {
  /** This process's name for itself, as a lease holder's (holderId). */
  holder?: string;
  /** Milliseconds since the epoch; tests move it. */
  now?: () => number;
}

export function createImportRuns(db: Db, { holder = holderId(), now = Date.now }: ImportRunOptions = {}) {
  const ofFile = (id: string, hash: string) => and(eq(catalogueImportRuns.importId, id), eq(catalogueImportRuns.fileHash, hash));
  const alive = (run: { holder: string; updatedAt: number }) =>
    now() - run.updatedAt < IMPORT_RUN_STALE_MS && !holderGone(run.holder);
  const takenOver = () =>
    new ConflictError("This import stopped: it took too long and another run of the same file took over. Nothing was written.");

  return {
    /**
     * Claims the run of a kept file for this process, or refuses with a ConflictError while another live run of
     * it exists (in this process or another): applying a file twice at once would create every new record twice.
     * Read and claimed inside one write transaction, so of two processes claiming at once exactly one succeeds.
     */
    claim(id: string, hash: string) {
      const at = now();
      const run = {
        importId: id,
        fileHash: hash,
        holder,
        startedAt: at,
        updatedAt: at,
        phase: "checking",
        done: 0,
        total: 0,
      } as const;
      writeTransaction(db, () => {
        const current = db
          .select({ holder: catalogueImportRuns.holder, updatedAt: catalogueImportRuns.updatedAt })
          .from(catalogueImportRuns)
          .where(ofFile(id, hash))
          .get();
        if (current && alive(current)) throw new ConflictError("This import is already running; wait for it to finish.");
        db.insert(catalogueImportRuns)
          .values(run)
          .onConflictDoUpdate({ target: [catalogueImportRuns.importId, catalogueImportRuns.fileHash], set: run })
          .run();
      });
      const mine = and(ofFile(id, hash), eq(catalogueImportRuns.holder, holder));
      let written = { phase: run.phase as ImportProgress["phase"], at };

      return {
        /**
         * Writes how far the run has got (see PROGRESS_WRITE_MS); throws when it finds that another process has
         * taken the run over.
         */
        report(progress: ImportProgress): void {
          const at = now();
          if (progress.phase === written.phase && at - written.at < PROGRESS_WRITE_MS) return;
          const { changes } = db
            .update(catalogueImportRuns)
            .set({ ...progress, updatedAt: at })
            .where(mine)
            .run();
          if (changes === 0) throw takenOver();
          written = { phase: progress.phase, at };
        },

        /**
         * Call inside the transaction that writes the import, on its connection: throws when the run is no longer
         * this process's, so a run taken over never commits beside the one that took it.
         */
        assertHeld(client: Database.Database): void {
          if (!drizzle(client).select({ holder: catalogueImportRuns.holder }).from(catalogueImportRuns).where(mine).get())
            throw takenOver();
        },

        /** Ends the run however it went; a row another process has taken over is left to it. */
        release(): void {
          db.delete(catalogueImportRuns).where(mine).run();
        },
      };
    },

    /** How far the live run of a kept file has got, whichever process applies it; null when none is running. */
    progress(id: string, hash: string): ImportProgress | null {
      const run = db.select().from(catalogueImportRuns).where(ofFile(id, hash)).get();
      return run && alive(run) ? { phase: run.phase, done: run.done, total: run.total } : null;
    },
  };
}

export type ImportRuns = ReturnType<typeof createImportRuns>;
export type ImportRun = ReturnType<ImportRuns["claim"]>;
