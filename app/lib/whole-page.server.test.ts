import { describe, expect, it } from "vitest";
import { pageBytes } from "./whole-page.server";

describe("pageBytes", () => {
  it("is the doctype and the page as UTF-8", () => {
    const html = "<html><body>£12.99 — Björk’s 7″ </body></html>";
    const bytes = pageBytes(html);
    expect(bytes.toString("utf8")).toBe(`<!DOCTYPE html>${html}`);
    expect(bytes.length).toBe(Buffer.byteLength(`<!DOCTYPE html>${html}`));
  });

  it("owns its whole memory, so a render thread can move it without a copy", () => {
    const bytes = pageBytes("<html></html>");
    expect(bytes.byteOffset).toBe(0);
    expect(bytes.buffer.byteLength).toBe(bytes.length);
    const { port1, port2 } = new MessageChannel();
    port1.postMessage(bytes, [bytes.buffer as ArrayBuffer]);
    expect(bytes.length).toBe(0);
    port1.close();
    port2.close();
  });
});
