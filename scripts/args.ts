import { parseArgs } from "node:util";

/** Parses `--name value` flags for our small CLIs; unknown flags are an error, not silently ignored. */
export function cliArgs<T extends Record<string, { type: "string" | "boolean" }>>(options: T) {
  return parseArgs({ args: process.argv.slice(2), options, strict: true, allowPositionals: false }).values;
}

/** The one file name a CLI takes; anything else prints the usage and exits. */
export function cliPositional(usage: string): string {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]!.startsWith("-")) {
    console.error(usage);
    process.exit(1);
  }
  return args[0]!;
}
