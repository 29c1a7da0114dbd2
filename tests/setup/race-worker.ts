import { spawn } from "node:child_process";
import path from "node:path";

/**
 * Starts a racing process (a script under tests/setup that prints "ready", waits for "go" on stdin, then prints
 * its result as the last line of JSON). `go(at)` names a common start instant (ms since the epoch), so processes
 * that read their "go" at different moments on a busy machine still start together. `ready` settles once it is set up, `go()` lets it run, `result` is what
 * it did. Separate processes have their own SQLite connections, so their transactions truly race.
 */
export function startRaceWorker<Result>(script: string, args: string[]) {
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve("tests/setup", script), ...args], {
    env: { ...process.env, ACCESS_LOG: "off" },
    stdio: ["pipe", "pipe", "inherit"],
  });
  let out = "";
  let markReady: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString();
    if (out.includes("ready\n")) markReady();
  });
  const result = new Promise<Result>((resolve, reject) =>
    child.on("exit", (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split("\n").at(-1)!) as Result) : reject(new Error(`worker exited ${code}`)),
    ),
  );
  return { ready, go: (at?: number) => child.stdin.end(at === undefined ? "go\n" : `go ${at}\n`), result };
}
