import { parseArgs } from "node:util";

/** Parses `--name value` flags for our small CLIs; unknown flags are an error, not silently ignored. */
export function cliArgs<T extends Record<string, { type: "string" | "boolean" }>>(options: T) {
  return parseArgs({ args: process.argv.slice(2), options, strict: true, allowPositionals: false }).values;
}
