// How much of a bundled file each source module wrote, from the file's source map: every stretch of generated
// code, from one mapping to the next on its line, counts for the source its first mapping names.
import { decodedMappings, TraceMap } from "@jridgewell/trace-mapping";

/** Code that no mapping names: the bundler's own glue between modules. */
export const UNMAPPED = "(no source: the bundler's glue)";

/**
 * Characters of `code` per source, by the source's name as `map` resolves it against `mapUrl`. The counts add up to
 * the code's length less its line breaks.
 */
export function charactersBySource(code: string, map: string, mapUrl: string): Map<string, number> {
  const traced = new TraceMap(map, mapUrl);
  const sources = traced.resolvedSources;
  const lines = code.split("\n");
  const mappings = decodedMappings(traced);
  const counts = new Map<string, number>();
  const add = (source: string, n: number) => n > 0 && counts.set(source, (counts.get(source) ?? 0) + n);
  lines.forEach((line, i) => {
    const segments = mappings[i] ?? [];
    add(UNMAPPED, Math.min(segments[0]?.[0] ?? line.length, line.length));
    segments.forEach((segment, s) => {
      const end = Math.min(segments[s + 1]?.[0] ?? line.length, line.length);
      add(segment.length > 1 ? sources[segment[1]!]! : UNMAPPED, end - segment[0]);
    });
  });
  return counts;
}
