import { describe, expect, it } from "vitest";
import { hasBody, responseBytes, wholePageResponse } from "./page-bytes.server";

describe("whole page bytes", () => {
  it("are read back as the very bytes the page was made with, with its status and headers", async () => {
    const bytes = Buffer.from("<!DOCTYPE html><p>Blue Train</p>");
    const response = wholePageResponse(bytes, { status: 404, headers: { "content-type": "text/html" } });
    expect(await responseBytes(response)).toBe(bytes);
    expect(hasBody(response)).toBe(true);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("text/html");
  });

  it("are read from the body of any other response", async () => {
    const response = new Response("plain answer");
    expect((await responseBytes(response)).toString()).toBe("plain answer");
    expect(hasBody(new Response(null, { status: 204 }))).toBe(false);
  });
});
