import { UNSAFE_SingleFetchRedirectSymbol as REDIRECT } from "react-router";
import { sharedDataPlace } from "./shared-page-data.server";

/**
 * A page's loader data for the browser (React Router's "handoff"), written as React Router's turbo-stream encoder
 * writes it for a page, in one synchronous pass (docs/decisions/0049-handoff-written-directly.md). React Router's
 * encoder is asynchronous and streamed: a ReadableStream, a timer and an abort listener per page, a clock reading
 * per value, three plugin calls per object, and its bytes decoded back into text before the page renders.
 *
 * It writes only what a page's data holds: strings, numbers, booleans, null, undefined, arrays, plain objects and
 * dates. Anything else (an error, a promise, a map, a set, a class instance, a redirect's symbol) gives null: React
 * Router's own encoder then writes that page.
 *
 * The format (vendor/turbo-stream-v2 in React Router): every distinct value gets an index, in the order the
 * encoder first meets it; objects are written as `{"_<key index>":<value index>}`, arrays as `[<index>,...]`; an
 * object is expanded last-in first-out. The output is `[<value 0>,<value 1>,...]` and a newline; the browser reads
 * the values and resolves every index from value 0, in whatever order they come.
 *
 * A route's data that is the same for every shopper (shared page data, decision 48) is written once per change to
 * the shop and kept: it takes the indices from 1 on, right after the state, and the shopper's own data follows it.
 * A page without shared data is written byte for byte as React Router writes it.
 */
export function encodeHandoff(state: { loaderData: unknown; actionData: unknown; errors: unknown }): string | null {
  const shared = sharedDataPlace(state.loaderData)?.value;
  const kept = shared && keptSegment(shared);
  if (shared && kept === null) return null;
  const encoder = new Encoder();
  encoder.indexOf(state);
  if (!kept) return encoder.flush() ? `[${encoder.written.join(",")}]\n` : null;
  // The shared data sits at index 1, written already; the rest of the page's values come after it.
  encoder.reserve(shared!, kept.count);
  if (!encoder.flush()) return null;
  const state0 = encoder.written[0];
  const rest = encoder.written.slice(1 + kept.count);
  return `[${state0},${kept.text}${rest.length > 0 ? `,${rest.join(",")}` : ""}]\n`;
}

/** Shared page data written from index 1 on: its values' text, and how many there are. */
interface Segment {
  text: string;
  count: number;
}
const segments = new WeakMap<object, Segment | null>();

function keptSegment(value: object): Segment | null {
  let segment = segments.get(value);
  if (segment === undefined) {
    const encoder = new Encoder(1);
    encoder.indexOf(value);
    segment = encoder.flush() ? { text: encoder.written.slice(1).join(","), count: encoder.written.length - 1 } : null;
    segments.set(value, segment);
  }
  return segment;
}

/** React Router's flatten, synchronously: values indexed as first met, written as they leave a last-in first-out stack. */
class Encoder {
  readonly written: string[] = [];
  private readonly indices = new Map<unknown, number>();
  private readonly waiting: unknown[] = [];
  private readonly waitingIndex: number[] = [];

  constructor(private next = 0) {}

  /** Index 1 (and the `count` after it) belong to `value`, written elsewhere. */
  reserve(value: object, count: number): void {
    this.indices.set(value, this.next);
    this.next += count;
  }

  indexOf(value: unknown): number {
    const existing = this.indices.get(value);
    // As React Router's encoder: index 0 (the state itself) is never treated as seen.
    if (existing) return existing;
    if (value === undefined) return UNDEFINED;
    if (value === null) return NULL;
    if (typeof value === "number") {
      if (Number.isNaN(value)) return NAN;
      if (value === Number.POSITIVE_INFINITY) return POSITIVE_INFINITY;
      if (value === Number.NEGATIVE_INFINITY) return NEGATIVE_INFINITY;
      if (value === 0 && 1 / value < 0) return NEGATIVE_ZERO;
    }
    const index = this.next++;
    this.indices.set(value, index);
    this.waiting.push(value);
    this.waitingIndex.push(index);
    return index;
  }

  /** Writes every value met so far, and those they lead to; false on one it leaves to React Router. */
  flush(): boolean {
    const { waiting, waitingIndex, written } = this;
    while (waiting.length > 0) {
      const value = waiting.pop();
      const index = waitingIndex.pop()!;
      switch (typeof value) {
        case "boolean":
        case "number":
        case "string":
          written[index] = JSON.stringify(value);
          break;
        case "object": {
          if (value === null) return false;
          if (Array.isArray(value)) {
            let items = "";
            for (let i = 0; i < value.length; i++) items += (i ? "," : "") + (i in value ? this.indexOf(value[i]) : HOLE);
            written[index] = `[${items}]`;
            break;
          }
          // React Router's plugins write errors, error responses and redirects (marked by a symbol) their own way.
          if (REDIRECT in value) return false;
          if (value instanceof Date) {
            const time = value.getTime();
            written[index] = `["D",${Number.isNaN(time) ? '"invalid"' : time}]`;
            break;
          }
          const prototype = Object.getPrototypeOf(value);
          if (prototype === Object.prototype) written[index] = `{${this.fields(value)}}`;
          else if (prototype === null) written[index] = `["N",{${this.fields(value)}}]`;
          else return false;
          break;
        }
        default:
          return false;
      }
    }
    return true;
  }

  private fields(object: object): string {
    let parts = "";
    for (const key of Object.keys(object)) {
      const keyIndex = this.indexOf(key);
      parts += `${parts ? "," : ""}"_${keyIndex}":${this.indexOf((object as Record<string, unknown>)[key])}`;
    }
    return parts;
  }
}

// The turbo-stream codes for values written without an index.
const HOLE = -1;
const NAN = -2;
const NEGATIVE_INFINITY = -3;
const NEGATIVE_ZERO = -4;
const NULL = -5;
const POSITIVE_INFINITY = -6;
const UNDEFINED = -7;
