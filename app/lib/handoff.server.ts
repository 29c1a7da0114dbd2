/**
 * A page's loader data for the browser (React Router's "handoff"), written exactly as React Router's turbo-stream
 * encoder writes it for a page, in one synchronous pass (docs/decisions/0049-handoff-written-directly.md). React
 * Router's encoder is asynchronous and streamed: a ReadableStream, a timer and an abort listener per page, a clock
 * reading per value, three plugin calls per object, and its bytes decoded back into text before the page renders.
 *
 * It writes only what a page's data holds: strings, numbers, booleans, null, undefined, arrays, plain objects and
 * dates. Anything else (an error, a promise, a map, a set, a class instance, a symbol key) gives null: React
 * Router's own encoder then writes that page.
 *
 * The format (vendor/turbo-stream-v2 in React Router): every distinct value gets an index, in the order the
 * encoder first meets it; objects are written as `{"_<key index>":<value index>}`, arrays as `[<index>,...]`; an
 * object is expanded last-in first-out. The output is `[<value 0>,<value 1>,...]` and a newline.
 */
export function encodeHandoff(state: { loaderData: unknown; actionData: unknown; errors: unknown }): string | null {
  const indices = new Map<unknown, number>();
  const written: string[] = [];
  const waiting: unknown[] = [];
  const waitingIndex: number[] = [];
  let next = 0;

  const indexOf = (value: unknown): number => {
    const existing = indices.get(value);
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
    const index = next++;
    indices.set(value, index);
    waiting.push(value);
    waitingIndex.push(index);
    return index;
  };

  const fields = (object: object): string => {
    let parts = "";
    for (const key of Object.keys(object)) {
      const keyIndex = indexOf(key);
      parts += `${parts ? "," : ""}"_${keyIndex}":${indexOf((object as Record<string, unknown>)[key])}`;
    }
    return parts;
  };

  indexOf(state);
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
        if (value === null) return null;
        if (Array.isArray(value)) {
          let items = "";
          for (let i = 0; i < value.length; i++) items += (i ? "," : "") + (i in value ? indexOf(value[i]) : HOLE);
          written[index] = `[${items}]`;
          break;
        }
        // React Router's plugins look for errors, error responses and redirects by a symbol key: none is plain.
        if (Object.getOwnPropertySymbols(value).length > 0) return null;
        if (value instanceof Date) {
          const time = value.getTime();
          written[index] = `["D",${Number.isNaN(time) ? '"invalid"' : time}]`;
          break;
        }
        const prototype = Object.getPrototypeOf(value);
        if (prototype === Object.prototype) written[index] = `{${fields(value)}}`;
        else if (prototype === null) written[index] = `["N",{${fields(value)}}]`;
        else return null;
        break;
      }
      default:
        return null;
    }
  }
  return `[${written.join(",")}]\n`;
}

// The turbo-stream codes for values written without an index.
const HOLE = -1;
const NAN = -2;
const NEGATIVE_INFINITY = -3;
const NEGATIVE_ZERO = -4;
const NULL = -5;
const POSITIVE_INFINITY = -6;
const UNDEFINED = -7;
