import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PHOTO_MAX_BYTES } from "../../app/domain/catalogue/copy-photos";
import { returnRequestSchema } from "../../app/domain/returns/return-schemas";
import { ConflictError, NotFoundError, ValidationError } from "../../app/domain/shared/errors";
import { orders, returnLines, returnPhotos, returns, returnTokens } from "../../db/schema";
import { SHOP_PUBLIC_ORIGIN, useShopServices } from "../../tests/setup/shop-fixtures";
import { deliveredOrder as placeDelivered, insertCustomer } from "../../tests/setup/return-fixtures";
import { TEST_TODAY } from "../../tests/setup/test-db";
import { LOOKUP_MISS, TOO_MANY_PHOTOS, type ReturnViewer } from "./returns";

const shop = useShopServices();

// The fixture order was delivered on Monday 2 November 2026: the window closes at the end of Wednesday 2 December.
const DAY_14 = "2026-11-16";
const DAY_30 = "2026-12-02";
const DAY_31 = "2026-12-03";

const customer = () => insertCustomer(shop.t);
const deliveredOrder = (opts: Parameters<typeof placeDelivered>[1] = {}) => placeDelivered(shop, opts);

const guest = (orderNumber: string): ReturnViewer => ({ userId: null, grants: { orders: [orderNumber], returns: [] } });
const nobody: ReturnViewer = { userId: null, grants: { orders: [], returns: [] } };

const request = (input: Record<string, unknown>) => returnRequestSchema.parse(input);
const faulty = (orderNumber: string, lineId: number, quantity = 1) =>
  request({ orderNumber, reason: "faulty", lines: [{ lineId: String(lineId), quantity: String(quantity) }] });

async function png(): Promise<File> {
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], "warp.png", { type: "image/png" });
}

const returnsOf = (orderId: number) => shop.t.db.select().from(returns).where(eq(returns.orderId, orderId)).all();
const photoFiles = () => {
  const dir = path.join(path.dirname(shop.t.file), "media", "photos");
  return existsSync(dir) ? readdirSync(dir).length : 0;
};

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a refusal");
}

describe("starting a return", () => {
  it("makes the return, its lines and photos, and mails the return number", async () => {
    const order = await deliveredOrder();
    const made = await shop.s.returns.requestReturn(
      guest(order.orderNumber),
      request({
        orderNumber: order.orderNumber,
        reason: "changed_mind",
        note: "Bought it twice",
        refundMethod: "store_credit",
        lines: [
          { lineId: String(order.newLine), quantity: "1", sealed: "on" },
          { lineId: String(order.usedLine), quantity: "1" },
        ],
      }),
      [await png()],
      DAY_14,
    );
    expect(made.returnNumber).toMatch(/^RT-[A-Z2-7]{8}$/);
    const [row] = returnsOf(order.orderId);
    expect(row).toMatchObject({
      returnNumber: made.returnNumber,
      reason: "changed_mind",
      refundMethod: "store_credit",
      status: "requested",
      email: order.email,
    });
    const lines = shop.t.db.select().from(returnLines).where(eq(returnLines.returnId, row!.id)).all();
    expect(lines.map((l) => [l.orderLineId, l.quantity, l.sealed])).toEqual([
      [order.newLine, 1, true],
      [order.usedLine, 1, false],
    ]);
    const photos = shop.t.db.select().from(returnPhotos).where(eq(returnPhotos.returnId, row!.id)).all();
    expect(photos).toHaveLength(1);
    expect(photos[0]!.fileName).toMatch(/^photos\/[0-9a-f]{20}\.jpg$/);
    await shop.s.mail.idle();
    const mail = shop.inbox.last(order.email, /return request/);
    expect(mail?.subject).toBe(`We have your return request ${made.returnNumber}`);
    expect(mail?.text).toContain(`${SHOP_PUBLIC_ORIGIN}/returns/${made.returnNumber}`);
    expect(mail?.text).toContain(order.orderNumber);
  });

  it("takes a fault on day 30 of the window, sealed or not", async () => {
    const order = await deliveredOrder();
    await shop.s.returns.requestReturn(guest(order.orderNumber), faulty(order.orderNumber, order.newLine, 2), [], DAY_30);
    expect(returnsOf(order.orderId)).toHaveLength(1);
  });
});

describe("a return refused, with nothing saved", () => {
  it("for another customer's order: 404, as for an order that does not exist", async () => {
    const owner = customer();
    const other = customer();
    const order = await deliveredOrder({ userId: owner.id });
    const stranger: ReturnViewer = { userId: other.id, grants: { orders: [], returns: [] } };
    const error = await refusal(shop.s.returns.requestReturn(stranger, faulty(order.orderNumber, order.newLine), [], DAY_14));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(() => shop.s.returns.formFor(order.orderNumber, stranger, DAY_14)).toThrow(NotFoundError);
    expect(() => shop.s.returns.formFor(order.orderNumber, nobody, DAY_14)).toThrow(NotFoundError);
    // Its owner may.
    const mine: ReturnViewer = { userId: owner.id, grants: { orders: [], returns: [] } };
    expect(shop.s.returns.formFor(order.orderNumber, mine, DAY_14).lines).toHaveLength(2);
    expect(returnsOf(order.orderId)).toHaveLength(0);
  });

  it("after the window: the date it closed", async () => {
    const order = await deliveredOrder();
    const error = await refusal(
      shop.s.returns.requestReturn(guest(order.orderNumber), faulty(order.orderNumber, order.newLine), [], DAY_31),
    );
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toBe("The time to return this order ended on 2 December 2026.");
    expect(returnsOf(order.orderId)).toHaveLength(0);
  });

  it("before it has shipped: cancelled instead", async () => {
    const order = await deliveredOrder({ ship: false });
    const error = await refusal(
      shop.s.returns.requestReturn(guest(order.orderNumber), faulty(order.orderNumber, order.newLine), [], TEST_TODAY),
    );
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toContain("has not left the shop yet");
    expect(error.message).toContain("cancel");
  });

  it("from a record club parcel: put right by the shop, not through a return", async () => {
    const order = await deliveredOrder();
    shop.t.db.update(orders).set({ kind: "club" }).where(eq(orders.id, order.orderId)).run();
    const error = await refusal(
      shop.s.returns.requestReturn(guest(order.orderNumber), faulty(order.orderNumber, order.newLine), [], DAY_14),
    );
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toContain("record club parcel");
    expect(returnsOf(order.orderId)).toHaveLength(0);
  });

  it("for more than was bought", async () => {
    const order = await deliveredOrder();
    const error = await refusal(
      shop.s.returns.requestReturn(guest(order.orderNumber), faulty(order.orderNumber, order.newLine, 3), [], DAY_14),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toMatch(/^You can return at most 2 of “Sealed Record \d+”\.$/);
    expect(returnsOf(order.orderId)).toHaveLength(0);
  });

  it("twice for the same line, in two requests or in one", async () => {
    const order = await deliveredOrder();
    await shop.s.returns.requestReturn(guest(order.orderNumber), faulty(order.orderNumber, order.usedLine), [], DAY_14);
    const error = await refusal(
      shop.s.returns.requestReturn(guest(order.orderNumber), faulty(order.orderNumber, order.usedLine), [], DAY_14),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toMatch(/is already in a return\.$/);
    expect(() =>
      request({
        orderNumber: order.orderNumber,
        reason: "faulty",
        lines: [
          { lineId: String(order.newLine), quantity: "1" },
          { lineId: String(order.newLine), quantity: "1" },
        ],
      }),
    ).toThrow(/Choose each record once/);
    expect(returnsOf(order.orderId)).toHaveLength(1);
  });

  it("a refused return frees its lines again", async () => {
    const order = await deliveredOrder();
    await shop.s.returns.requestReturn(guest(order.orderNumber), faulty(order.orderNumber, order.usedLine), [], DAY_14);
    shop.t.db.update(returns).set({ status: "refused" }).where(eq(returns.orderId, order.orderId)).run();
    await shop.s.returns.requestReturn(guest(order.orderNumber), faulty(order.orderNumber, order.usedLine), [], DAY_14);
    expect(returnsOf(order.orderId)).toHaveLength(2);
  });

  it("a change of mind on an unsealed new record", async () => {
    const order = await deliveredOrder();
    const unsealed = request({
      orderNumber: order.orderNumber,
      reason: "changed_mind",
      lines: [{ lineId: String(order.newLine), quantity: "1" }],
    });
    const error = await refusal(shop.s.returns.requestReturn(guest(order.orderNumber), unsealed, [], DAY_14));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toContain("only while it is still sealed");
    expect(returnsOf(order.orderId)).toHaveLength(0);
  });

  it("photos that are not images, too large, or too many; no file is left behind", async () => {
    const order = await deliveredOrder();
    const before = photoFiles();
    const text = new File([new TextEncoder().encode("not a picture at all")], "warp.jpg", { type: "image/jpeg" });
    const big = new File([new Uint8Array(PHOTO_MAX_BYTES + 1)], "huge.jpg", { type: "image/jpeg" });
    const asked = faulty(order.orderNumber, order.newLine);
    const notImage = await refusal(shop.s.returns.requestReturn(guest(order.orderNumber), asked, [await png(), text], DAY_14));
    expect(notImage).toBeInstanceOf(ValidationError);
    expect(notImage.message).toBe("Photos must be JPEG, PNG or WebP images.");
    const tooBig = await refusal(shop.s.returns.requestReturn(guest(order.orderNumber), asked, [big], DAY_14));
    expect(tooBig.message).toBe("Each photo must be at most 8 MB.");
    const five = await Promise.all([1, 2, 3, 4, 5].map(() => png()));
    const tooMany = await refusal(shop.s.returns.requestReturn(guest(order.orderNumber), asked, five, DAY_14));
    expect(tooMany.message).toBe(TOO_MANY_PHOTOS);
    expect(returnsOf(order.orderId)).toHaveLength(0);
    expect(photoFiles()).toBe(before);
  });
});

describe("a guest finds an order", () => {
  it("with its number and e-mail, in any case; a wrong pair gets one vague answer", async () => {
    const order = await deliveredOrder();
    expect(shop.s.returns.findForGuest(order.orderNumber, order.email.toUpperCase())).toBe(order.orderNumber);
    expect(() => shop.s.returns.findForGuest(order.orderNumber, "someone-else@example.com")).toThrow(LOOKUP_MISS);
    expect(() => shop.s.returns.findForGuest("ND-NOSUCH00", order.email)).toThrow(LOOKUP_MISS);
  });
});

describe("the dispatch mail's return link", () => {
  it("carries a single-use token, kept only as its hash, that opens the order's return form once", async () => {
    const order = await deliveredOrder();
    await shop.s.mail.idle();
    const mail = shop.inbox.last(order.email, /on its way/);
    const link = /https:\/\/needledrop\.test\/returns\/start\?token=([a-z2-7]{32})/.exec(mail?.text ?? "");
    expect(link, mail?.text).not.toBeNull();
    const token = link![1]!;
    const stored = shop.t.db.select().from(returnTokens).where(eq(returnTokens.orderId, order.orderId)).all();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(token);
    expect(shop.s.returns.useToken(token)).toBe(order.orderNumber);
    expect(shop.s.returns.useToken(token)).toBeNull();
    expect(shop.s.returns.useToken("not-a-token")).toBeNull();
  });
});

describe("the shopper's return page", () => {
  it("shows the return to the browser that sent it and its owner, no one else", async () => {
    const owner = customer();
    const order = await deliveredOrder({ userId: owner.id });
    const mine: ReturnViewer = { userId: owner.id, grants: { orders: [], returns: [] } };
    const { returnNumber } = await shop.s.returns.requestReturn(mine, faulty(order.orderNumber, order.newLine), [], DAY_14);
    expect(shop.s.returns.view(returnNumber, mine)).toMatchObject({
      returnNumber,
      orderNumber: order.orderNumber,
      status: "requested",
    });
    expect(
      shop.s.returns.view(returnNumber, { userId: null, grants: { orders: [], returns: [returnNumber] } }).lines,
    ).toHaveLength(1);
    expect(() => shop.s.returns.view(returnNumber, nobody)).toThrow(NotFoundError);
    expect(shop.s.returns.listForUser(owner.id).map((r) => r.returnNumber)).toEqual([returnNumber]);
    expect(shop.s.returns.returnableOrders(owner.id, [order.orderNumber], DAY_14).has(order.orderNumber)).toBe(true);
    expect(shop.s.returns.returnableOrders(owner.id, [order.orderNumber], DAY_31).size).toBe(0);
  });
});
