import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { FORM_STILL_SENDING, OUT_OF_DATE_FORM } from "../../app/domain/admin/form-submission";
import { ConflictError, ValidationError } from "../../app/domain/shared/errors";
import { formSubmissions } from "../../db/schema";
import { newCustomer } from "../../tests/setup/route-context";
import { useShopServices } from "../../tests/setup/shop-fixtures";

const shop = useShopServices();
let staffId: number;
let otherId: number;
beforeAll(async () => {
  staffId = (await newCustomer(shop.s)).user.id;
  otherId = (await newCustomer(shop.s)).user.id;
});

const done = (n: number) => ({ to: "/admin/x", toast: { type: "success" as const, title: `Done ${n}` } });
const submission = (over: { form?: string; staffId?: number; key?: string } = {}) => ({
  key: randomUUID(),
  form: "goods-in",
  staffId,
  ...over,
});

describe("form submissions, done once per key", () => {
  it("does the work once and answers a second post with the first's result", () => {
    const s = submission();
    let runs = 0;
    expect(shop.s.formSubmissions.once(s, () => done(++runs))).toEqual({ replayed: false, result: done(1) });
    expect(shop.s.formSubmissions.once(s, () => done(++runs))).toEqual({ replayed: true, result: done(1) });
    expect(runs).toBe(1);
  });

  it("keeps nothing of a post whose work is refused: the corrected form runs with the same key", () => {
    const s = submission();
    expect(() =>
      shop.s.formSubmissions.once(s, () => {
        throw new ValidationError("Line 1 is wrong.");
      }),
    ).toThrow("Line 1 is wrong.");
    expect(shop.t.db.select().from(formSubmissions).where(eq(formSubmissions.key, s.key)).all()).toEqual([]);
    expect(shop.s.formSubmissions.once(s, () => done(2)).replayed).toBe(false);
  });

  it("counts one key per form, so each row's form of one page is its own", () => {
    const key = randomUUID();
    expect(shop.s.formSubmissions.once(submission({ key, form: "stock adjust #1" }), () => done(1)).replayed).toBe(false);
    expect(shop.s.formSubmissions.once(submission({ key, form: "stock adjust #2" }), () => done(2)).replayed).toBe(false);
  });

  it("refuses someone else's key", () => {
    const s = submission();
    shop.s.formSubmissions.once(s, () => done(1));
    const theirs = () => shop.s.formSubmissions.once({ ...s, staffId: otherId }, () => done(2));
    expect(theirs).toThrow(ValidationError);
    expect(theirs).toThrow(OUT_OF_DATE_FORM);
    expect(() => shop.s.formSubmissions.once({ ...s, staffId: otherId, form: "new code" }, () => done(2))).toThrow(
      OUT_OF_DATE_FORM,
    );
  });

  it("with work that waits: a second post meanwhile is refused, then replayed once the first is done", async () => {
    const s = submission({ form: "used copy of #3" });
    let finish!: () => void;
    const first = shop.s.formSubmissions.onceAsync(
      s,
      () => new Promise<ReturnType<typeof done>>((resolve) => (finish = () => resolve(done(1)))),
    );
    await expect(shop.s.formSubmissions.onceAsync(s, async () => done(2))).rejects.toThrow(ConflictError);
    await expect(shop.s.formSubmissions.onceAsync(s, async () => done(2))).rejects.toThrow(FORM_STILL_SENDING);
    finish();
    expect(await first).toEqual({ replayed: false, result: done(1) });
    expect(await shop.s.formSubmissions.onceAsync(s, async () => done(3))).toEqual({ replayed: true, result: done(1) });
  });

  it("with work that waits and fails, the key is given back", async () => {
    const s = submission({ form: "new record" });
    await expect(shop.s.formSubmissions.onceAsync(s, () => Promise.reject(new ValidationError("Bad cover.")))).rejects.toThrow(
      "Bad cover.",
    );
    expect(await shop.s.formSubmissions.onceAsync(s, async () => done(2))).toEqual({ replayed: false, result: done(2) });
  });

  it("forgets keys after a day", () => {
    const old = submission();
    const fresh = submission();
    shop.s.formSubmissions.once(old, () => done(1));
    shop.s.formSubmissions.once(fresh, () => done(1));
    shop.t.db
      .update(formSubmissions)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000).toISOString() })
      .where(eq(formSubmissions.key, old.key))
      .run();
    expect(shop.s.formSubmissions.prune()).toBeGreaterThanOrEqual(1);
    const left = shop.t.db.select({ key: formSubmissions.key }).from(formSubmissions).all();
    expect(left.map((r) => r.key)).not.toContain(old.key);
    expect(left.map((r) => r.key)).toContain(fresh.key);
  });
});
