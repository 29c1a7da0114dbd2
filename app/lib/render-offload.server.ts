import type { RenderJob } from "./render-job.server";

/**
 * Renders a page's job elsewhere: its bytes (null: see renderWholePage); undefined when nothing can take it now
 * (see server/http/render-threads.ts).
 */
export type PageRenderOffload = (job: RenderJob) => Promise<Uint8Array | null> | undefined;

let offload: PageRenderOffload | undefined;

/** Set once by the server that starts render threads (decision 38); unset, every page renders on this thread. */
export function offloadPageRenders(to: PageRenderOffload | undefined): void {
  offload = to;
}

export function pageRenderOffload(): PageRenderOffload | undefined {
  return offload;
}
