// A render thread (docs/decisions/0038-render-threads.md): the server bundle started again in a worker thread,
// rendering pages whose loaders ran on the main thread. It opens no database and serves no requests.
import { parentPort } from "node:worker_threads";
import type { ServerBuild } from "react-router";
import { entryContextOf, keptSharedData, SharedDataMissing, type RenderJob } from "../app/lib/render-job.server";
import { renderWholePage } from "../app/lib/whole-page.server";
import type { RenderReply } from "./http/render-threads";

/** Marks a worker started as a render thread (its workerData). */
export const RENDER_THREAD = "needledrop-render-thread";

export function serveRenderJobs(build: ServerBuild): void {
  // Shared page data is sent once; the pages that show it again name it (app/lib/render-job.server.ts).
  const shared = keptSharedData();
  parentPort!.on("message", ({ id, job }: { id: number; job: RenderJob }) => {
    let reply: RenderReply<Uint8Array | null>;
    try {
      const context = entryContextOf(job, build, shared.loaderDataOf(job));
      reply = { id, page: renderWholePage(context, job.url, job.nonce, job.handoff) };
    } catch (error) {
      // The main thread renders the page itself and logs what it finds there (a missing shared part is sent again).
      if (error instanceof SharedDataMissing) reply = { id, error: error.message, missing: true };
      else reply = { id, error: error instanceof Error ? error.message : String(error) };
    }
    // The page's bytes are moved to the main thread, not copied.
    parentPort!.postMessage(reply, "page" in reply && reply.page ? [reply.page.buffer as ArrayBuffer] : []);
  });
}
