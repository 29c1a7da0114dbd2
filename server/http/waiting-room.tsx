/**
 * A drop's waiting room, /drops/:recordId: a whole small page of its own, rendered to static markup without the
 * shop's layout, scripts or data loaders, because thousands of shoppers refresh it every 15 seconds at a drop's
 * start (docs/decisions/0088-fair-drops.md). Each refresh is rate limited per address before the queue is read.
 * POST takes the copy a shopper holds: it goes in the cart and the shopper on to checkout.
 */
import express, { type Request, type Response } from "express";
import { renderToStaticMarkup } from "react-dom/server";
import { WaitingRoomPage, type WaitingRoomPageProps } from "../../app/components/drops/waiting-room-page";
import { addressBlock } from "../../app/domain/drops/address-block";
import { waitingView } from "../../app/domain/drops/waiting-view";
import { londonClockTime } from "../../app/domain/drops/clock-time";
import { readCart, cartCookie } from "../../app/domain/cart/cart-cookie";
import { ConflictError, TooManyAttemptsError } from "../../app/domain/shared/errors";
import type { RequestContext } from "../context";
import { dropSessionKeyOf, newDropSession } from "./drop-cookie";

function send(res: Response, status: number, props: WaitingRoomPageProps) {
  res
    .status(status)
    .set({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" })
    .send(`<!doctype html>${renderToStaticMarkup(<WaitingRoomPage {...props} />)}`);
}

function plain(res: Response, status: number, text: string) {
  res.status(status).set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).send(text);
}

const recordIdOf = (req: Request): number | null => {
  const id = Number(req.params.recordId);
  return /^\d{1,15}$/.test(String(req.params.recordId)) && Number.isSafeInteger(id) && id > 0 ? id : null;
};

export function waitingRoom() {
  const router = express.Router();

  router.get("/:recordId", (req, res) => {
    const ctx = res.locals.ctx as RequestContext;
    try {
      ctx.services.rateLimits.takeForAddress("waitingRoomPerAddress", ctx.clientIp);
    } catch (error) {
      if (!(error instanceof TooManyAttemptsError)) throw error;
      res.set("Retry-After", String(error.retryAfterSeconds));
      return plain(res, 429, `${error.message} Your place in the queue is kept.`);
    }
    const recordId = recordIdOf(req);
    const drop = recordId === null ? null : ctx.services.drops.dropRecord(recordId);
    if (!drop) return plain(res, 404, "There is no queue for this record.");

    let sessionKey = dropSessionKeyOf(req.get("cookie"));
    if (!sessionKey) {
      const fresh = newDropSession(ctx.auth.secure);
      sessionKey = fresh.sessionKey;
      res.append("Set-Cookie", fresh.setCookie);
    }
    const page = { recordId: drop.id, title: drop.title, artist: drop.artist, onSaleAt: drop.onSaleAt };
    try {
      const standing = ctx.services.drops.join(drop.id, sessionKey, addressBlock(ctx.clientIp), ctx.user?.id ?? null);
      send(res, 200, { ...page, view: waitingView(standing, londonClockTime) });
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      send(res, 409, { ...page, view: null, problem: error.message });
    }
  });

  router.post("/:recordId", (req, res) => {
    const ctx = res.locals.ctx as RequestContext;
    const recordId = recordIdOf(req);
    const sessionKey = dropSessionKeyOf(req.get("cookie"));
    if (recordId === null || !ctx.services.drops.dropRecord(recordId))
      return plain(res, 404, "There is no queue for this record.");
    // Without a hold (not yet let in, or it ended) the waiting page says where the shopper stands.
    if (!sessionKey || !ctx.services.drops.holdOf(recordId, sessionKey)) return res.redirect(303, `/drops/${recordId}`);
    const { value: cart } = readCart(req.get("cookie"), ctx.auth.secure);
    const lines = [...cart.lines.filter((l) => l.recordId !== recordId), { recordId, quantity: 1 }];
    res.append("Set-Cookie", cartCookie({ ...cart, lines }, ctx.auth.secure));
    res.redirect(303, "/checkout");
  });

  return router;
}
