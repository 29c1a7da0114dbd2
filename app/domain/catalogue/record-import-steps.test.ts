import { describe, expect, it } from "vitest";
import { parseCsv, planImportSteps } from "./record-import";

/** CPU time (this process's, so a busy machine does not stretch it) since `from`, in ms. */
const cpuMsSince = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
};

const bigFile = (rows: number) =>
  [
    "catalogue_number,title,artist,price",
    ...Array.from({ length: rows }, (_, i) => `S-${i},"Title, part ${i}",Artist ${i % 50},9.99`),
  ].join("\n");

describe("planning an import in steps", () => {
  it("reads a large file a piece at a time, so no step holds the thread for long", () => {
    const steps = planImportSteps(bigFile(20_000), () => []);
    let longestMs = 0;
    let stepsBeforeFirstRow = 0;
    for (;;) {
      const started = process.cpuUsage();
      const step = steps.next();
      longestMs = Math.max(longestMs, cpuMsSince(started));
      if (step.done) {
        expect(step.value.counts.create).toBe(20_000);
        break;
      }
      if (step.value === 0) stepsBeforeFirstRow++;
    }
    // Reading the file is itself split into steps (about 16 KB each), not done in the first one.
    expect(stepsBeforeFirstRow).toBeGreaterThan(20);
    expect(longestMs).toBeLessThan(100);
  });

  it("reads a file in pieces exactly as in one go, whatever the pieces cut through", () => {
    const texts = [
      '\uFEFFcatalogue_number,title,artist,price\r\nA-1,"Two\r\nlines",Ærø Band,9.99\r\n\r\nA-2,Tête-à-tête 🎶,"Quote ""me""",10.00',
      'a,b\n"x\ny",2\n3\n',
      'a,b\n"unclosed,1\n',
      'a,b\n"x"y,2\n',
      "a\n1\n2\n3\n4\n",
    ];
    for (const text of texts) {
      const whole = parseCsv(text, { maxRows: 3, pieceBytes: Infinity });
      for (const pieceBytes of [1, 2, 3, 5, 7, 64])
        expect(parseCsv(text, { maxRows: 3, pieceBytes }), `${text} / ${pieceBytes}`).toEqual(whole);
    }
    expect(parseCsv('a,b\n"unclosed,1\n', { pieceBytes: 4 }).error).toMatch(/not a CSV file/);
    expect(parseCsv("a\n1\n2\n3\n4\n", { maxRows: 3, pieceBytes: 1 }).error).toMatch(/more than 3 rows/);
  });
});
