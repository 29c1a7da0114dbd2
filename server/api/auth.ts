import { Router, type Response } from "express";
import { loginSchema, RESET_REQUESTED, resetPasswordSchema, resetRequestSchema } from "../../app/domain/accounts/auth-schemas";
import { registerSchema } from "../../app/domain/accounts/profile-schemas";
import { parseInput } from "../../app/domain/shared/parse-input";
import { apiSecondFactorSchema } from "../../app/domain/two-factor/schemas";
import { sendError } from "../http/errors";
import { contextOf, fieldErrors, noStore } from "./helpers";

/**
 * The spec's account calls (§7). Bodies are JSON (bufferBody has parsed them) and are read with the same
 * schemas as the /auth and /reset-password forms; errors are `{ error, message }`, nothing is cached, and no
 * answer ever carries a password hash or a session token.
 */
export const authApi = Router();

/**
 * Starts the session (with everything a sign-in does, see auth.signIn) and sends its cookies. For an account with a
 * second factor (and no `twoFactorVerified`) the session opens only the code step: false is returned.
 */
async function signIn(res: Response, userId: number, options: { twoFactorVerified?: boolean } = {}): Promise<boolean> {
  const ctx = contextOf(res);
  for (const cookie of await ctx.auth.signIn({ id: userId }, options)) res.append("Set-Cookie", cookie);
  return ctx.user !== null;
}

authApi.get("/user", noStore, (req, res) => {
  const { user } = contextOf(res);
  if (!user) return sendError(req, res, 401, "Not signed in");
  res.json(user);
});

authApi.post("/login", noStore, async (req, res) => {
  const ctx = contextOf(res);
  const user = await ctx.services.accounts.login({ ...parseInput(loginSchema, req.body), clientIp: ctx.clientIp });
  if (!(await signIn(res, user.id))) return res.json({ twoFactorRequired: true });
  res.json(user);
});

authApi.post("/login/two-factor", noStore, async (req, res) => {
  const ctx = contextOf(res);
  const { code } = parseInput(apiSecondFactorSchema, req.body);
  const userId = ctx.pendingTwoFactorUserId;
  if (!userId) return sendError(req, res, 401, "No sign-in is waiting for a second factor; log in first");
  ctx.services.twoFactor.completeSignIn({ id: userId, clientIp: ctx.clientIp }, code);
  await signIn(res, userId, { twoFactorVerified: true });
  res.json(ctx.user);
});

authApi.post("/register", noStore, async (req, res) => {
  const ctx = contextOf(res);
  // confirmPassword is the form's business; unknown fields (role, …) are dropped by the schema.
  const input = parseInput(registerSchema, req.body);
  ctx.services.rateLimits.takeForAddress("registrationsPerAddress", ctx.clientIp);
  const user = await ctx.services.accounts.register(input);
  await signIn(res, user.id);
  res.status(201).json(user);
});

authApi.post("/logout", noStore, (_req, res) => {
  res.append("Set-Cookie", contextOf(res).auth.signOut());
  res.json({ ok: true });
});

authApi.post("/request-password-reset", noStore, async (req, res) => {
  const ctx = contextOf(res);
  const { email } = parseInput(resetRequestSchema, req.body);
  ctx.services.rateLimits.takeForAddress("resetRequestsPerAddress", ctx.clientIp);
  await ctx.services.accounts.requestPasswordReset(email);
  res.json({ message: RESET_REQUESTED });
});

authApi.post("/reset-password", noStore, async (req, res) => {
  const user = await contextOf(res).services.accounts.resetPassword(parseInput(resetPasswordSchema, req.body));
  await signIn(res, user.id);
  res.json(user);
});

/** A validation failure lists its fields (a 429's Retry-After is set by the API's error handler). */
authApi.use(fieldErrors);
