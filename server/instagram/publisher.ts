/**
 * Publishing a planned post to Instagram. Without credentials there is no publisher at all (the back office says
 * posting is by hand, and nothing can reach the network); with them, the Graph API implementation below.
 */
import type { Config } from "../config";

export interface PublishablePost {
  id: number;
  caption: string;
  /** The post's image at a public https address Instagram can fetch. */
  imageUrl: string;
}

export interface InstagramPublisher {
  /** Publishes the post and returns Instagram's media id. Throws InstagramPublishError when Instagram refuses. */
  publish(post: PublishablePost): Promise<string>;
}

export class InstagramPublishError extends Error {}

export const DEFAULT_GRAPH_API_URL = "https://graph.facebook.com";
/** The Graph API version the requests are written for. */
export const GRAPH_API_VERSION = "v21.0";
const REQUEST_TIMEOUT_MS = 15_000;

export interface GraphPublisherOptions {
  accessToken: string;
  /** The Instagram professional account's id (the "IG user"). */
  accountId: string;
  /** Another Graph API address (a local stand-in in tests); the real host otherwise. */
  apiUrl?: string;
  fetch?: typeof fetch;
}

/**
 * The Graph API's two steps: create a media container from the image address and caption
 * (POST /{ig-user-id}/media), then publish it (POST /{ig-user-id}/media_publish with creation_id).
 * The token travels in the Authorization header, never in an address that could be logged.
 */
export function createGraphPublisher(options: GraphPublisherOptions): InstagramPublisher {
  const base = `${(options.apiUrl ?? DEFAULT_GRAPH_API_URL).replace(/\/+$/, "")}/${GRAPH_API_VERSION}/${encodeURIComponent(options.accountId)}`;
  const doFetch = options.fetch ?? fetch;

  async function call(endpoint: string, params: Record<string, string>): Promise<string> {
    let response: Response;
    try {
      response = await doFetch(`${base}/${endpoint}`, {
        method: "POST",
        headers: { authorization: `Bearer ${options.accessToken}`, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch {
      throw new InstagramPublishError("Instagram could not be reached; try again later.");
    }
    const body = (await response.json().catch(() => null)) as { id?: unknown; error?: { message?: unknown } } | null;
    if (!response.ok || typeof body?.id !== "string") {
      const reason = typeof body?.error?.message === "string" ? body.error.message.slice(0, 200) : `HTTP ${response.status}`;
      throw new InstagramPublishError(`Instagram refused the post: ${reason}`);
    }
    return body.id;
  }

  return {
    async publish(post) {
      const containerId = await call("media", { image_url: post.imageUrl, caption: post.caption });
      return call("media_publish", { creation_id: containerId });
    },
  };
}

/** The Graph API publisher when both Instagram settings are configured; otherwise null (posting by hand). */
export function instagramPublisherFor(
  config: Pick<Config, "INSTAGRAM_ACCESS_TOKEN" | "INSTAGRAM_ACCOUNT_ID" | "INSTAGRAM_API_URL">,
): InstagramPublisher | null {
  if (!config.INSTAGRAM_ACCESS_TOKEN || !config.INSTAGRAM_ACCOUNT_ID) return null;
  return createGraphPublisher({
    accessToken: config.INSTAGRAM_ACCESS_TOKEN,
    accountId: config.INSTAGRAM_ACCOUNT_ID,
    apiUrl: config.INSTAGRAM_API_URL,
  });
}
