/**
 * The layer rules of eslint.config.js, proven to fire: each forbidden import is linted as if it sat in a file of
 * the layer it would break (the file need not exist), next to an allowed import from the same place.
 */
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "../..") });

/** The boundary messages for one line of code in `file`. */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: file });
  return (result?.messages ?? []).filter((m) => m.ruleId === "boundaries/dependencies").map((m) => m.message);
}

const cases: { file: string; code: string; fires: RegExp | null }[] = [
  // app/domain imports only app/domain and npm packages.
  { file: "app/domain/cart/probe.ts", code: 'import { z } from "~/domain/shared/zod";', fires: null },
  {
    file: "app/domain/cart/probe.ts",
    code: 'import { useHydrated } from "~/lib/use-hydrated";',
    fires: /app\/domain may import only/,
  },
  {
    file: "app/domain/cart/probe.ts",
    code: 'import { createServices } from "../../../server/services";',
    fires: /only with `import type/,
  },
  { file: "app/domain/cart/probe.ts", code: 'import fs from "node:fs";', fires: /app\/domain may import only/ },
  // server/services never import the UI or an adapter.
  { file: "server/services/probe.ts", code: 'import { EMPTY_CART } from "../../app/domain/cart/cart";', fires: null },
  {
    file: "server/services/probe.ts",
    code: 'import { useHydrated } from "../../app/lib/use-hydrated";',
    fires: /server\/services may not/,
  },
  { file: "server/services/probe.ts", code: 'import { ordersApi } from "../api/orders";', fires: /server\/services may not/ },
  // app/ sees server/ only as types.
  { file: "app/components/probe.tsx", code: 'import type { Services } from "../../server/services";', fires: null },
  {
    file: "app/components/probe.tsx",
    code: 'import { createServices } from "../../server/services";',
    fires: /only with `import type/,
  },
  // Adapters never import each other.
  { file: "server/api/probe.ts", code: 'import { OPERATIONS } from "../contract/operations";', fires: null },
  {
    file: "server/api/probe.ts",
    code: 'import { appRouter } from "../trpc/router";',
    fires: /server\/api may not import server\/trpc/,
  },
  {
    file: "server/trpc/routers/probe.ts",
    code: 'import { ordersApi } from "../../api/orders";',
    fires: /server\/trpc may not import server\/api/,
  },
  {
    file: "app/routes/probe.tsx",
    code: 'import type { AppRouter } from "../../server/trpc/router";',
    fires: /app\/routes may not import/,
  },
  // db/ uses the domain and nothing else of app/ or server/.
  { file: "db/schema/probe.ts", code: 'import { ORDER_STATUSES } from "../../app/domain/orders/order-status";', fires: null },
  {
    file: "db/schema/probe.ts",
    code: 'import { createServices } from "../../server/services";',
    fires: /db\/ may import app\/domain/,
  },
];

describe("the layer rules", () => {
  it.each(cases)("$file: $code", async ({ file, code, fires }) => {
    const errors = await boundaryErrors(file, code);
    if (fires) expect(errors).toEqual([expect.stringMatching(fires)]);
    else expect(errors).toEqual([]);
  });
});
