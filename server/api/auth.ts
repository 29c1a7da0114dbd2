import { Router, type ErrorRequestHandler, type Request, type Response } from "express";
import { z } from "zod";
import { sendError } from "../http/errors";
import { parseInput, RESET_REQUESTED, type RegisterInput } from "../services/accounts";
import { TooManyAttemptsError } from "../../app/domain/shared/errors";
import { contextOf, fieldErrors, noStore } from "./helpers";
import { mergeVisitorFavourites } from "../../app/lib/favourites-state.server";

/**
 * The spec's account calls (§7). Bodies are JSON (bufferBody has parsed them), errors are
 * `{ error, message }`, nothing is cached, and no answer ever carries a password hash or a session token.
 */
export const authApi = Router();

const loginBody = z.object({
  username: z.string({ error: "Username is required" }),
  password: z.string({ error: "Password is required" }),
});
const emailBody = z.object({ email: z.string({ error: "Email is required" }) });
const resetBody = z.object({
  token: z.string({ error: "This reset link is invalid or has expired." }),
  password: z.string({ error: "Password is required" }),
});
const anObject = z.record(z.string(), z.unknown());

/** Starts the session and, as the /auth page does, moves a visitor's favourites onto the account. */
async function signIn(req: Request, res: Response, userId: number): Promise<void> {
  const ctx = contextOf(res);
  res.append("Set-Cookie", await ctx.auth.signIn({ id: userId }));
  const cookieOnly = new globalThis.Request("http://shop.invalid/", { headers: { cookie: req.get("cookie") ?? "" } });
  for (const cookie of mergeVisitorFavourites(cookieOnly, ctx, userId)) res.append("Set-Cookie", cookie);
}

authApi.get("/user", noStore, (req, res) => {
  const { user } = contextOf(res);
  if (!user) return sendError(req, res, 401, "Not signed in");
  res.json(user);
});

authApi.post("/login", noStore, async (req, res) => {
  const ctx = contextOf(res);
  const body = parseInput(loginBody, req.body);
  const user = await ctx.services.accounts.login({ ...body, clientIp: ctx.clientIp });
  await signIn(req, res, user.id);
  res.json(user);
});

authApi.post("/register", noStore, async (req, res) => {
  const ctx = contextOf(res);
  // confirmPassword is the form's business; unknown fields are dropped by the service's schema.
  const user = await ctx.services.accounts.register(parseInput(anObject, req.body) as RegisterInput);
  await signIn(req, res, user.id);
  res.status(201).json(user);
});

authApi.post("/logout", noStore, (_req, res) => {
  res.append("Set-Cookie", contextOf(res).auth.signOut());
  res.json({ ok: true });
});

authApi.post("/request-password-reset", noStore, async (req, res) => {
  const ctx = contextOf(res);
  const { email } = parseInput(emailBody, req.body);
  await ctx.services.accounts.requestPasswordReset(email, ctx.auth.linkOrigin);
  res.json({ message: RESET_REQUESTED });
});

authApi.post("/reset-password", noStore, async (req, res) => {
  const ctx = contextOf(res);
  const { token, password } = parseInput(resetBody, req.body);
  const user = await ctx.services.accounts.resetPassword(token, password);
  await signIn(req, res, user.id);
  res.json(user);
});

/** 429 carries Retry-After (the API's error handler writes the answer); a validation failure lists its fields. */
const retryAfter: ErrorRequestHandler = (err, _req, res, next) => {
  if (err instanceof TooManyAttemptsError) res.set("Retry-After", String(err.retryAfterSeconds));
  next(err);
};
authApi.use(retryAfter, fieldErrors);
