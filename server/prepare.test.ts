import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { seededTestDb, type TestDb } from "../tests/setup/test-db";
import { prepare, shutdown } from "./app";

let t: TestDb | undefined;
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-prepare-media-"));
afterAll(() => {
  t?.cleanup();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe("preparing the database before the server listens", () => {
  it("makes no media, so a catalogue of any size is ready at once: covers are made once the server listens", async () => {
    t = await seededTestDb();
    // 3,000 more records as a large import leaves them: the stock photo for a cover, no cover file of their own.
    t.db.$client.exec(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < 3000)
       insert into records (catalogue_id, title, artist, cover_url, audio_url, duration, price_pence, catalog_number)
       select 'imported-' || i, 'Imported ' || i, 'The Imports', '/images/default-cover.jpg', '/media/audio/imported-' || i || '.wav',
         30, 999, 'IMP-' || i
       from n`,
    );
    // No covers folder can be made (a file stands where it would go): preparing must not even try.
    fs.writeFileSync(path.join(mediaDir, "covers"), "");
    process.env.DATABASE_PATH = t.file;
    process.env.MEDIA_DIR = mediaDir;
    try {
      await prepare();
    } finally {
      await shutdown();
    }
    expect(fs.readdirSync(mediaDir)).toEqual(["covers"]);
    expect(fs.statSync(path.join(mediaDir, "covers")).size).toBe(0);
  });
});
