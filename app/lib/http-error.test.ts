import { describe, expect, it, vi } from "vitest";
import { fetchJson, httpErrorText, HttpResponseError, throwIfResNotOk } from "./http-error";

describe("httpErrorText (spec §8)", () => {
  it("is the status, a colon and the body", () => {
    expect(httpErrorText(404, "Not Found", '{"error":"No record with id 9."}')).toBe('404: {"error":"No record with id 9."}');
    expect(httpErrorText(500, "Internal Server Error", "Something went wrong")).toBe("500: Something went wrong");
  });

  it("uses the status text when the body is empty", () => {
    expect(httpErrorText(503, "Service Unavailable", "")).toBe("503: Service Unavailable");
    expect(httpErrorText(502, "Bad Gateway", "  \n")).toBe("502: Bad Gateway");
  });

  it("keeps the body as sent when it has text", () => {
    expect(httpErrorText(400, "Bad Request", " Invalid q ")).toBe("400:  Invalid q ");
  });

  it("leaves just the status when both are empty (HTTP/2 has no status text)", () => {
    expect(httpErrorText(500, "", "")).toBe("500: ");
  });
});

const answer = (body: string, init: ResponseInit) => new Response(body, init);

describe("throwIfResNotOk", () => {
  it("passes a 2xx answer", async () => {
    await expect(throwIfResNotOk(answer("[]", { status: 200 }))).resolves.toBeUndefined();
  });

  it("throws the spec §8 text with status and body kept", async () => {
    const error = await throwIfResNotOk(answer("Nope", { status: 401, statusText: "Unauthorized" })).catch((e) => e);
    expect(error).toBeInstanceOf(HttpResponseError);
    expect(error.message).toBe("401: Nope");
    expect(error.status).toBe(401);
    expect(error.body).toBe("Nope");
  });
});

describe("fetchJson", () => {
  it("sends credentials and a JSON body with its content type, and reads JSON", async () => {
    const doFetch = vi.fn(async () => answer('{"ok":true}', { status: 200 }));
    const result = await fetchJson<{ ok: boolean }>("/api/logout", { method: "POST", json: { a: 1 }, fetch: doFetch });
    expect(result).toEqual({ ok: true });
    const [url, init] = doFetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/logout");
    expect(init.credentials).toBe("include");
    expect(init.method).toBe("POST");
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toMatchObject({ "content-type": "application/json", accept: "application/json" });
  });

  it("sends no body or content type without json, and keeps the caller's headers", async () => {
    const doFetch = vi.fn(async () => answer("[1]", { status: 200 }));
    await fetchJson("/api/genres", { fetch: doFetch, headers: { "Cache-Control": "no-cache" } });
    const init = (doFetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.body).toBeUndefined();
    expect(init.headers).not.toHaveProperty("content-type");
    expect(init.headers).toMatchObject({ "cache-control": "no-cache" });
  });

  it("reads an empty success answer as null", async () => {
    await expect(fetchJson("/x", { fetch: async () => answer("", { status: 200 }) })).resolves.toBeNull();
  });

  it("throws the spec §8 text for a failed answer", async () => {
    const failing = async () => answer("", { status: 503, statusText: "Service Unavailable" });
    await expect(fetchJson("/api/recommendations?history=1", { fetch: failing })).rejects.toThrow("503: Service Unavailable");
    const withBody = async () => answer('{"error":"Not signed in"}', { status: 401, statusText: "Unauthorized" });
    await expect(fetchJson("/api/user", { fetch: withBody })).rejects.toThrow('401: {"error":"Not signed in"}');
  });
});
