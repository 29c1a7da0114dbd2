import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SharedDataMissing } from "../../app/lib/render-job.server";
import { createRenderThreads, renderThreadCount, type RenderThreads } from "./render-threads";

// A stand-in render thread: "page:x" renders, "fail" fails, "crash" ends the thread, "hang" never answers.
const WORKER = `
import { parentPort } from "node:worker_threads";
parentPort.on("message", ({ id, job }) => {
  if (job === "crash") process.exit(3);
  if (job === "hang") return;
  if (job === "fail") return parentPort.postMessage({ id, error: "cannot render" });
  if (job === "missing") return parentPort.postMessage({ id, error: "not kept here", missing: true });
  if (job === "slow") { const until = Date.now() + 150; while (Date.now() < until); }
  parentPort.postMessage({ id, page: "<p>" + job + "</p>" });
});
`;

let workerFile = "";
beforeAll(() => {
  workerFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "render-threads-")), "worker.mjs");
  fs.writeFileSync(workerFile, WORKER);
});

let threads: RenderThreads<unknown, string> | undefined;
afterEach(async () => {
  await threads?.close();
  threads = undefined;
  vi.restoreAllMocks();
});

describe("render threads", () => {
  it("renders a job on a thread", async () => {
    threads = createRenderThreads(workerFile, 1);
    await expect(threads.render("page:home")).resolves.toBe("<p>page:home</p>");
  });

  it("spreads jobs over the threads and answers each with its own page", async () => {
    threads = createRenderThreads(workerFile, 2, { queuePerThread: 4 });
    const pages = await Promise.all(["a", "b", "c", "d", "e", "f"].map((name) => threads!.render(name)));
    expect(pages).toEqual(["<p>a</p>", "<p>b</p>", "<p>c</p>", "<p>d</p>", "<p>e</p>", "<p>f</p>"]);
  });

  it("takes no more than its queue: the caller renders the rest itself", async () => {
    threads = createRenderThreads(workerFile, 1, { queuePerThread: 2 });
    const first = threads.render("slow");
    const second = threads.render("slow");
    expect(first).toBeInstanceOf(Promise);
    expect(second).toBeInstanceOf(Promise);
    expect(threads.render("slow")).toBeUndefined();
    await Promise.all([first, second]);
    await expect(threads.render("again")).resolves.toBe("<p>again</p>");
  });

  it("tells a thread's want of shared page data from a failure", async () => {
    threads = createRenderThreads(workerFile, 1);
    await expect(threads.render("missing")).rejects.toBeInstanceOf(SharedDataMissing);
    await expect(threads.render("fail")).rejects.not.toBeInstanceOf(SharedDataMissing);
  });

  it("rejects a job the thread could not render, and keeps the thread", async () => {
    threads = createRenderThreads(workerFile, 1);
    await expect(threads.render("fail")).rejects.toThrow("cannot render");
    await expect(threads.render("next")).resolves.toBe("<p>next</p>");
  });

  it("rejects at once a job that cannot be copied to a thread, and keeps the thread", async () => {
    threads = createRenderThreads(workerFile, 1, { timeoutMs: 1_000 });
    await expect(threads.render("ready")).resolves.toBe("<p>ready</p>");
    await expect(threads.render({ render: () => "a function" })).rejects.toThrow();
    // Past the time-out: no timer was left behind to stop the thread for the job it never got.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await expect(threads.render("still-here")).resolves.toBe("<p>still-here</p>");
  }, 15_000);

  it("rejects the jobs of a thread that stopped, and starts another", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    threads = createRenderThreads(workerFile, 1, { restartMs: 50 });
    await expect(threads.render("crash")).rejects.toThrow("exited with code 3");
    expect(threads.render("meanwhile")).toBeUndefined();
    expect(log).toHaveBeenCalledWith(expect.stringContaining("a render thread stopped"));
    await vi.waitFor(async () => expect(await threads!.render("after")).toBe("<p>after</p>"), { timeout: 10_000 });
  }, 15_000);

  it("stops a thread that does not answer in time, and starts another", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    threads = createRenderThreads(workerFile, 1, { timeoutMs: 1_000, restartMs: 50 });
    await expect(threads.render("hang")).rejects.toThrow("no answer in 1000 ms");
    await vi.waitFor(async () => expect(await threads!.render("after")).toBe("<p>after</p>"), { timeout: 10_000 });
  }, 15_000);

  it("takes nothing once closed", async () => {
    threads = createRenderThreads(workerFile, 1);
    await threads.close();
    expect(threads.render("late")).toBeUndefined();
  });
});

describe("a process with render threads", () => {
  it("still exits when nothing else keeps it alive", () => {
    const script = `
      import { createRenderThreads } from ${JSON.stringify(new URL("./render-threads.ts", import.meta.url).pathname)};
      const threads = createRenderThreads(${JSON.stringify(workerFile)}, 1);
      // Stands for the HTTP server, which keeps the process alive while it serves.
      const server = setInterval(() => {}, 1000);
      console.log(await threads.render("page"));
      clearInterval(server);
    `;
    const file = path.join(path.dirname(workerFile), "main.mjs");
    fs.writeFileSync(file, script);
    const run = spawnSync(process.execPath, ["--import", "tsx", file], { encoding: "utf8", timeout: 15_000 });
    expect(run.stdout.trim(), run.stderr).toBe("<p>page</p>");
    expect(run.status).toBe(0);
  }, 20_000);
});

describe("how many render threads", () => {
  it("is one per core beyond the main thread's, at most four, unless configured", () => {
    expect(renderThreadCount(undefined, 1)).toBe(0);
    expect(renderThreadCount(undefined, 2)).toBe(1);
    expect(renderThreadCount(undefined, 8)).toBe(4);
    expect(renderThreadCount(0, 8)).toBe(0);
    expect(renderThreadCount(2, 1)).toBe(2);
  });
});
