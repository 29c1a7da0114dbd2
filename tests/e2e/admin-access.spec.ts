import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { apiRegister, newAccount } from "./support/shop";

/**
 * Every back-office address, read from the route table itself so a new page cannot be left out, with sample
 * values for its parameters: a visitor is sent to sign in, a customer is refused, for pages and form posts alike.
 */
const SAMPLE_PARAMS: Record<string, string> = { orderNumber: "ND-AAAAAAAA", recordId: "1", id: "1", "*": "anything" };
const adminPaths = [...fs.readFileSync("app/routes.ts", "utf8").matchAll(/route\(\s*"((?:admin|marketing-tools)[^"]*)"/g)].map(
  (m) =>
    "/" +
    m[1]!
      .split("/")
      .map((part) => (part.startsWith(":") ? (SAMPLE_PARAMS[part.slice(1)] ?? "1") : part === "*" ? SAMPLE_PARAMS["*"] : part))
      .join("/"),
);

test.describe("back-office access", () => {
  test("finds the back-office routes", () => {
    expect(adminPaths).toEqual(
      expect.arrayContaining(["/admin", "/admin/order-management", "/admin/shipping-management", "/marketing-tools"]),
    );
  });

  test("a visitor is sent to sign in, from every admin page", async ({ request }) => {
    for (const path of adminPaths) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(302);
      expect(res.headers()["location"], path).toBe(`/auth?${new URLSearchParams({ redirectTo: path })}`);
    }
  });

  test("a signed-in customer is refused every admin page and every form post", async ({ page, baseURL }) => {
    const request = page.context().request;
    await apiRegister(request, baseURL!, newAccount("cust"));
    for (const path of adminPaths) {
      const get = await request.get(path, { maxRedirects: 0 });
      expect(get.status(), `GET ${path}`).toBe(403);
      const post = await request.post(path, { maxRedirects: 0, headers: { origin: baseURL! }, form: { intent: "pack" } });
      // 403 where the page takes posts; 405 where it has no form at all. Never anything that runs.
      expect([403, 405], `POST ${path}`).toContain(post.status());
    }
    // And the page a customer sees says so, rather than a blank or an error.
    await page.goto("/admin/shipping-management");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});
