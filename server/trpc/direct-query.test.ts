import { createExpressMiddleware } from "@trpc/server/adapters/express";
import express, { type RequestHandler } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen } from "../../tests/setup/http";
import { insertRecord, useShopServices } from "../../tests/setup/shop-fixtures";
import { createRequestContext } from "../context";
import { directQueries } from "./direct-query";
import { appRouter } from "./router";

// The same calls through the adapter alone and through the direct path in front of it: the answers must match.
const shop = useShopServices();
let adapterCalls = 0;
const servers: { url: string; close: () => Promise<void> }[] = [];

function appWith(direct: boolean) {
  const app = express();
  app.use((req, res, next) => {
    res.locals.ctx = createRequestContext(shop.t.db, shop.s, req, res);
    next();
  });
  const countAdapterCalls: RequestHandler = (_req, _res, next) => {
    adapterCalls += 1;
    next();
  };
  const adapter = createExpressMiddleware({ router: appRouter, createContext: ({ res }) => res.locals.ctx });
  app.use("/trpc", ...(direct ? [directQueries(appRouter)] : []), countAdapterCalls, adapter);
  return app;
}

let recordId = 0;
beforeAll(async () => {
  recordId = insertRecord(shop.t.db, { title: "Direct Answers" }).id;
  insertRecord(shop.t.db, { title: "Second Record" });
  servers.push(await listen(appWith(false)), await listen(appWith(true)));
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

const input = (value: unknown) => `input=${encodeURIComponent(JSON.stringify(value))}`;

async function both(path: string, init: RequestInit = {}) {
  const [viaAdapter, viaDirect] = servers.map((s) => s.url);
  const before = adapterCalls;
  const adapterAnswer = await fetch(`${viaAdapter}/trpc/${path}`, init);
  const adapterOnly = adapterCalls - before;
  const direct = await fetch(`${viaDirect}/trpc/${path}`, init);
  const reachedAdapter = adapterCalls - before - adapterOnly > 0;
  const shape = async (res: Response) => ({
    status: res.status,
    body: await res.text(),
    contentType: res.headers.get("content-type"),
    vary: res.headers.get("vary"),
  });
  return { adapter: await shape(adapterAnswer), direct: await shape(direct), reachedAdapter };
}

describe("direct tRPC queries", () => {
  it("answers a single query as the adapter does, without the adapter", async () => {
    for (const path of [
      `catalogue.list?${input({ page: 1, limit: 24 })}`,
      `catalogue.byId?${input({ id: recordId })}`,
      "checkout.provider",
      "club.plans",
    ]) {
      const { adapter, direct, reachedAdapter } = await both(path);
      expect(adapter.status, path).toBe(200);
      expect(direct, path).toEqual(adapter);
      expect(reachedAdapter, path).toBe(false);
    }
    const { direct } = await both(`catalogue.byId?${input({ id: recordId })}`);
    expect(JSON.parse(direct.body)).toMatchObject({ result: { data: { id: recordId, title: "Direct Answers" } } });
  });

  it("leaves errors, batches, mutations, streams and unknown paths to the adapter, with the same answers", async () => {
    for (const [path, init] of [
      [`catalogue.byId?${input({ id: 999_999 })}`, {}],
      [`catalogue.byId?${input({ id: "x" })}`, {}],
      ["catalogue.byId?input=%7Bnot-json", {}],
      ["catalogue.byId?input=a&input=b", {}],
      ["orders.mine", {}],
      ["nothing.here", {}],
      ["%E0%A4%A", {}],
      [`catalogue.list,catalogue.byId?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: {}, 1: { id: recordId } }))}`, {}],
      [`subscribe.create?${input({ email: "by-get@example.com", favoriteGenre: "Jazz" })}`, {}],
      [`catalogue.list?${input({})}`, { headers: { "trpc-accept": "application/jsonl" } }],
      [`catalogue.list?${input({})}`, { headers: { accept: "text/event-stream" } }],
    ] as [string, RequestInit][]) {
      const { adapter, direct, reachedAdapter } = await both(path, init);
      expect(direct, path).toEqual(adapter);
      expect(reachedAdapter, path).toBe(true);
    }
  });
});
