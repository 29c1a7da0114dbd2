import { spawnSync } from "node:child_process";
import os from "node:os";
import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { catalogueImportRuns } from "../../db/schema";
import { ConflictError } from "../../app/domain/shared/errors";
import { processesOverOneFile } from "../../tests/setup/processes-over-one-file";
import { holderId } from "../lease";
import { createImportRuns, IMPORT_RUN_STALE_MS, PROGRESS_WRITE_MS } from "./catalogue-import-runs";

// Server processes over one SQLite file, each with its own connection and its own name; the clock is the test's.

const ID = "a".repeat(32);
const HASH = "b".repeat(64);
const processes = processesOverOneFile();

/** Another server process: a connection of its own, and a holder name that is alive unless told otherwise. */
function processNamed(holder = holderId()) {
  const db = processes.connect();
  return { db, holder, runs: createImportRuns(db, { holder, now: processes.now }) };
}

/** A holder name for a process of this machine that has ended. */
function deadHolder(): string {
  const { pid } = spawnSync(process.execPath, ["-e", ""]);
  return `${os.hostname()}:${pid}:dead0000`;
}

const rows = (db: Db) => db.select().from(catalogueImportRuns).all();

describe("a catalogue import's run in the database", () => {
  it("is claimed once: a second claim of the same file is refused, by the same process or another", () => {
    const [a, b] = [processNamed(), processNamed()];
    a.runs.claim(ID, HASH);
    const refused = new ConflictError("This import is already running; wait for it to finish.");
    expect(() => a.runs.claim(ID, HASH)).toThrow(refused);
    expect(() => b.runs.claim(ID, HASH)).toThrow(refused);
    processes.clock += IMPORT_RUN_STALE_MS - 1;
    expect(() => b.runs.claim(ID, HASH)).toThrow(refused);
    // Another file is another run.
    b.runs.claim(ID, "c".repeat(64));
    expect(rows(b.db)).toHaveLength(2);
  });

  it("shows its progress to every process, writing it at a phase's start and then at most every quarter second", () => {
    const [a, b] = [processNamed(), processNamed()];
    expect(b.runs.progress(ID, HASH)).toBeNull();
    const run = a.runs.claim(ID, HASH);
    expect(b.runs.progress(ID, HASH)).toEqual({ phase: "checking", done: 0, total: 0 });
    run.report({ phase: "staging", done: 10, total: 3000 });
    expect(b.runs.progress(ID, HASH)).toEqual({ phase: "staging", done: 10, total: 3000 });
    processes.clock += PROGRESS_WRITE_MS - 1;
    run.report({ phase: "staging", done: 20, total: 3000 });
    expect(b.runs.progress(ID, HASH)).toEqual({ phase: "staging", done: 10, total: 3000 });
    processes.clock += 1;
    run.report({ phase: "staging", done: 30, total: 3000 });
    expect(b.runs.progress(ID, HASH)).toEqual({ phase: "staging", done: 30, total: 3000 });
    run.report({ phase: "writing", done: 3000, total: 3000 });
    expect(b.runs.progress(ID, HASH)).toEqual({ phase: "writing", done: 3000, total: 3000 });
    run.release();
    expect(b.runs.progress(ID, HASH)).toBeNull();
    expect(rows(b.db)).toEqual([]);
  });

  it("is taken over once its holder has been silent too long, and the old holder can then write nothing", () => {
    const [slow, next] = [processNamed(), processNamed()];
    const stalled = slow.runs.claim(ID, HASH);
    processes.clock += IMPORT_RUN_STALE_MS;
    // A run nobody is updating is not shown as running.
    expect(next.runs.progress(ID, HASH)).toBeNull();
    const taken = next.runs.claim(ID, HASH);
    expect(next.runs.progress(ID, HASH)).toEqual({ phase: "checking", done: 0, total: 0 });
    const lost = /another run of the same file took over/;
    expect(() => stalled.report({ phase: "staging", done: 1, total: 2 })).toThrow(lost);
    expect(() => slow.db.$client.transaction(() => stalled.assertHeld(slow.db.$client)).immediate()).toThrow(lost);
    expect(() => taken.assertHeld(next.db.$client)).not.toThrow();
    // Ending the stalled run leaves the new one alone.
    stalled.release();
    expect(rows(next.db)).toMatchObject([{ holder: next.holder, phase: "checking" }]);
    expect(() => slow.runs.claim(ID, HASH)).toThrow(ConflictError);
  });

  it("is taken over at once when its holder was a process of this machine that has ended", () => {
    const dead = processNamed(deadHolder());
    dead.runs.claim(ID, HASH);
    const next = processNamed();
    expect(next.runs.progress(ID, HASH)).toBeNull();
    next.runs.claim(ID, HASH);
    // A holder on another machine cannot be asked: its claim runs out by time only.
    const remote = processNamed("elsewhere.example:1:remote00");
    remote.runs.claim(ID, "c".repeat(64));
    expect(() => next.runs.claim(ID, "c".repeat(64))).toThrow(ConflictError);
  });
});
