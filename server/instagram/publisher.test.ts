import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGraphPublisher, GRAPH_API_VERSION, instagramPublisherFor, InstagramPublishError } from "./publisher";

// The Graph API's two-step flow against a local stand-in (node:http on a free port): no real network.

interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
  body: URLSearchParams;
}

let server: Server;
let apiUrl: string;
const seen: Seen[] = [];
/** What the stand-in answers to the publish step (a test may make it refuse). */
let refusePublish = false;

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = new URLSearchParams(await bodyOf(req));
    seen.push({ method: req.method!, path: req.url!, authorization: req.headers.authorization, body });
    res.setHeader("content-type", "application/json");
    if (req.headers.authorization !== "Bearer test-token-0123456789abcdef") {
      res.statusCode = 401;
      res.end(JSON.stringify({ error: { message: "Invalid OAuth access token." } }));
      return;
    }
    if (req.method === "POST" && req.url === `/${GRAPH_API_VERSION}/17841400000000001/media`) {
      res.end(JSON.stringify({ id: "container-42" }));
    } else if (req.method === "POST" && req.url === `/${GRAPH_API_VERSION}/17841400000000001/media_publish`) {
      if (refusePublish || body.get("creation_id") !== "container-42") {
        res.statusCode = 400;
        res.end(JSON.stringify({ error: { message: "The media is not ready for publishing." } }));
        return;
      }
      res.end(JSON.stringify({ id: "media-9001" }));
    } else {
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { message: "Unknown path" } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = { id: 7, caption: "New in: Blue Train #Jazz", imageUrl: "https://needledrop.test/media/instagram/post-abc.jpg" };

describe("the Graph API publisher", () => {
  it("creates a media container, then publishes it, and answers Instagram's media id", async () => {
    seen.length = 0;
    const publisher = createGraphPublisher({
      accessToken: "test-token-0123456789abcdef",
      accountId: "17841400000000001",
      apiUrl,
    });
    expect(await publisher.publish(post)).toBe("media-9001");
    expect(seen.map((s) => s.path)).toEqual([
      `/${GRAPH_API_VERSION}/17841400000000001/media`,
      `/${GRAPH_API_VERSION}/17841400000000001/media_publish`,
    ]);
    expect(seen.every((s) => s.method === "POST")).toBe(true);
    expect(seen[0]!.body.get("image_url")).toBe(post.imageUrl);
    expect(seen[0]!.body.get("caption")).toBe(post.caption);
    expect(seen[1]!.body.get("creation_id")).toBe("container-42");
    // The token goes in the header, never in the address or the body.
    expect(seen.every((s) => !s.path.includes("token") && !s.body.has("access_token"))).toBe(true);
  });

  it("turns Instagram's refusal into a readable error", async () => {
    refusePublish = true;
    try {
      const publisher = createGraphPublisher({
        accessToken: "test-token-0123456789abcdef",
        accountId: "17841400000000001",
        apiUrl,
      });
      await expect(publisher.publish(post)).rejects.toThrow(InstagramPublishError);
      await expect(publisher.publish(post)).rejects.toThrow(/not ready for publishing/);
      const wrongToken = createGraphPublisher({
        accessToken: "wrong-token-0123456789abc",
        accountId: "17841400000000001",
        apiUrl,
      });
      await expect(wrongToken.publish(post)).rejects.toThrow(/Invalid OAuth access token/);
    } finally {
      refusePublish = false;
    }
  });

  it("says so when Instagram cannot be reached", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const publisher = createGraphPublisher({ accessToken: "x".repeat(20), accountId: "1", apiUrl: `http://127.0.0.1:${port}` });
    await expect(publisher.publish(post)).rejects.toThrow(/could not be reached/);
  });
});

describe("instagramPublisherFor", () => {
  it("builds no publisher without both settings, so nothing can be sent", () => {
    expect(instagramPublisherFor({})).toBeNull();
    expect(instagramPublisherFor({ INSTAGRAM_ACCESS_TOKEN: "test-token-0123456789abcdef" })).toBeNull();
    expect(instagramPublisherFor({ INSTAGRAM_ACCOUNT_ID: "17841400000000001" })).toBeNull();
  });

  it("builds the Graph API publisher with both, at the configured address", async () => {
    seen.length = 0;
    const publisher = instagramPublisherFor({
      INSTAGRAM_ACCESS_TOKEN: "test-token-0123456789abcdef",
      INSTAGRAM_ACCOUNT_ID: "17841400000000001",
      INSTAGRAM_API_URL: apiUrl,
    });
    expect(publisher).not.toBeNull();
    expect(await publisher!.publish(post)).toBe("media-9001");
    expect(seen).toHaveLength(2);
  });
});
