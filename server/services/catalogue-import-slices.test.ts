import { beforeAll, describe, expect, it } from "vitest";
import { upload, useCatalogueAdmin } from "../../tests/setup/catalogue-admin";
import { createCatalogueImportService, type CatalogueImportService } from "./catalogue-import";

const admin = useCatalogueAdmin();
let service: CatalogueImportService;

beforeAll(() => {
  service = createCatalogueImportService(admin.t.db, { importDir: admin.importDir });
});

/**
 * Runs `work` while a chain of setImmediate callbacks stands in for the shop's other requests: how many turns the
 * event loop took meanwhile, and the most CPU time used between two of them (CPU time rather than time on the
 * clock, so that a busy machine does not stretch it), and the CPU time of the whole run.
 */
async function eventLoopDuring<T>(
  work: () => Promise<T>,
): Promise<{ result: T; turns: number; longestSliceMs: number; totalMs: number }> {
  let turns = 0;
  let longestSliceMs = 0;
  let totalMs = 0;
  let last = process.cpuUsage();
  let running = true;
  const turn = () => {
    const used = process.cpuUsage(last);
    const sliceMs = (used.user + used.system) / 1000;
    longestSliceMs = Math.max(longestSliceMs, sliceMs);
    totalMs += sliceMs;
    last = process.cpuUsage();
    turns++;
    if (running) setImmediate(turn);
  };
  setImmediate(turn);
  try {
    const result = await work();
    turn();
    return { result, turns, longestSliceMs, totalMs };
  } finally {
    running = false;
  }
}

const file = (rows: number) =>
  [
    "catalogue_number,title,artist,genre,price,format,label,release_date,year,condition,stock",
    ...Array.from(
      { length: rows },
      (_, i) =>
        `SLICE-${i},Slice Pressing ${i},The Slices ${i % 97},Jazz,${(10 + (i % 40)).toFixed(2)},Vinyl LP,Slice Label,2020-01-01,2020,new,${i % 5}`,
    ),
  ].join("\n");

describe("a large import's preview", () => {
  it("lets other work run throughout: reading and checking a 20,000-row file never holds the thread for long", async () => {
    const { result, turns, longestSliceMs, totalMs } = await eventLoopDuring(() => service.previewImport(upload(file(20_000))));
    expect(result.plan.counts.create).toBe(20_000);
    expect(turns).toBeGreaterThan(50);
    // No slice is a large share of the work (done in one go, one slice would be nearly all of it; sliced, each is
    // about a twentieth): a share rather than milliseconds, since the process's CPU time also counts its garbage
    // collector's threads, which a busy machine stretches.
    expect(longestSliceMs).toBeLessThan(totalMs / 10);
  });

  it("reads a large catalogue to match the rows against in slices too", async () => {
    admin.t.db.$client.exec(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < 30000)
       insert into records (catalogue_id, title, artist, cover_url, audio_url, duration, price_pence, catalog_number)
       select 'stored-' || i, 'Stored ' || i, 'The Stored', '/images/default-cover.jpg', '/media/audio/stored.wav', 30, 999, 'STORED-' || i
       from n`,
    );
    const { result, longestSliceMs, totalMs } = await eventLoopDuring(() => service.previewImport(upload(file(10))));
    expect(result.plan.counts.create).toBe(10);
    expect(longestSliceMs).toBeLessThan(totalMs / 10);
  });
});
