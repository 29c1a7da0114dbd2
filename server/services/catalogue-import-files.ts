/**
 * The files a catalogue import keeps between preview and apply: under the data folder, named by a random id and
 * the SHA-256 of their bytes, removed after an hour; and the report of one applied.
 */
import { createHash } from "node:crypto";
import { readdir, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";
import { decodeImportFile, type ImportEncoding } from "../../app/domain/catalogue/import-encoding";
import { IMPORT_ID, SHA256 } from "../../app/domain/catalogue/import-ref";
import { NotFoundError } from "../../app/domain/shared/errors";

/** An uploaded file waits this long between preview and apply. */
export const IMPORT_TTL_MS = 60 * 60 * 1000;

export const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

export function createImportFiles(importDir: string) {
  async function cleanImports(): Promise<void> {
    const names = await readdir(importDir).catch(() => [] as string[]);
    const now = Date.now();
    await Promise.all(
      names.map(async (name) => {
        const file = path.join(importDir, name);
        const info = await stat(file).catch(() => null);
        if (info && now - info.mtimeMs > IMPORT_TTL_MS) await rm(file, { force: true });
      }),
    );
  }

  function importFile(id: string, hash: string, suffix = ".csv"): string {
    if (!IMPORT_ID.test(id) || !SHA256.test(hash)) throw new NotFoundError("That import has expired; upload the file again.");
    return path.join(importDir, `${id}-${hash}${suffix}`);
  }

  /** A kept file's text, read as it was at preview (see decodeImportFile), and how. */
  async function readImport(id: string, hash: string): Promise<{ text: string; encoding: ImportEncoding }> {
    const bytes = await readFile(importFile(id, hash)).catch(() => null);
    // The hash in the name is checked against the bytes: a file changed on disk is not imported.
    if (!bytes || sha256(bytes) !== hash) throw new NotFoundError("That import has expired; upload the file again.");
    return decodeImportFile(bytes);
  }

  return { cleanImports, importFile, readImport };
}
