import { spawn, type ChildProcess } from "node:child_process";
import { expect } from "@playwright/test";

/** A `node server.js` of a test's own, with its log kept and its exit awaited. */
export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the built server with `env` over the test runner's own environment, on a port of the system's choosing. */
export function spawnServer(env: Record<string, string>): ServerProcess {
  let out = "";
  const child = spawn(process.execPath, ["server.js"], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", ACCESS_LOG: "off", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** The address the server's log says it listens on, once it says so (a first start seeds the database first). */
export async function loggedAddress(server: ServerProcess, timeout: number): Promise<string> {
  let port = "";
  await expect
    .poll(() => (port = /Needledrop at http:\/\/localhost:(\d+)/.exec(server.output())?.[1] ?? ""), { timeout })
    .not.toBe("");
  return `http://127.0.0.1:${port}`;
}
