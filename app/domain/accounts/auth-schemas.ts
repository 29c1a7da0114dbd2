/**
 * Account credentials: one set of rules and messages (spec §5) for the forms (as you type and in the action),
 * the accounts service, the REST calls, tRPC and the OpenAPI document. A form's own schema is the sent one
 * plus what stays in the form (confirmPassword), built from the same fields.
 */
import { z } from "~/domain/shared/zod";

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 40;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 200;

export const INVALID_RESET_LINK = "This reset link is invalid or has expired.";
export const RESET_SENT_TITLE = "Password Reset Email Sent";
export const RESET_REQUESTED = "If the email is associated with an account, you'll receive instructions to reset your password.";

const USERNAME_SHORT = "Username must be at least 3 characters";
const PASSWORD_SHORT = "Password must be at least 6 characters";
const CONFIRMATION_SHORT = "Password confirmation must be at least 6 characters";
const CURRENT_PASSWORD = "Enter your current password";

/** A new username. No @, so a sign-in name with one is an e-mail; unique whatever its case (see the users table). */
export const usernameSchema = z
  .string({ error: USERNAME_SHORT })
  .trim()
  .min(USERNAME_MIN, USERNAME_SHORT)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(/^[^@]*$/, "Username cannot contain @");

/** What the sign-in form's first field takes: a username (any case) or an e-mail address. */
export const loginNameSchema = z
  .string({ error: USERNAME_SHORT })
  .trim()
  .min(USERNAME_MIN, USERNAME_SHORT)
  .max(254, "Username or email is too long");

export const emailSchema = z
  .string({ error: "Invalid email address" })
  .trim()
  .toLowerCase()
  .max(254, "Invalid email address")
  .pipe(z.email("Invalid email address"));

export const passwordSchema = z
  .string({ error: PASSWORD_SHORT })
  .min(PASSWORD_MIN, PASSWORD_SHORT)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

const confirmPassword = z.string({ error: CONFIRMATION_SHORT }).min(PASSWORD_MIN, CONFIRMATION_SHORT);

/** One message per field: a too-short confirmation says so, rather than also "do not match". */
function passwordsMatch(v: { password: string; confirmPassword: string }): boolean {
  return v.confirmPassword.length < PASSWORD_MIN || v.password === v.confirmPassword;
}
const MATCH = { message: "Passwords do not match", path: ["confirmPassword"] };

/** `username` holds a username or an e-mail (the field keeps the spec's name). */
export const loginSchema = z.object({ username: loginNameSchema, password: passwordSchema });
export type Login = z.output<typeof loginSchema>;

/** The register form: what is sent plus confirmPassword, which never leaves the form (spec §5). */
export const registerFormSchema = z
  .object({ username: usernameSchema, email: emailSchema, password: passwordSchema, confirmPassword })
  .refine(passwordsMatch, MATCH);

/** What is sent on after registration. */
export function registrationFields(v: z.infer<typeof registerFormSchema>) {
  return { username: v.username, email: v.email, password: v.password };
}

export const resetRequestSchema = z.object({ email: emailSchema });

/** A reset link's token as the page and the API accept it (the service checks it against what it issued). */
export const resetTokenSchema = z
  .string({ error: INVALID_RESET_LINK })
  .trim()
  .min(10, INVALID_RESET_LINK)
  .max(200, INVALID_RESET_LINK);

/** The token of the link the reset page was opened with; null when there is none or it cannot be one. */
export const resetLinkTokenSchema = resetTokenSchema.nullable().catch(null);

export const resetPasswordSchema = z.object({ token: resetTokenSchema, password: passwordSchema });
export type ResetPassword = z.output<typeof resetPasswordSchema>;
export const resetPasswordFormSchema = resetPasswordSchema.extend({ confirmPassword }).refine(passwordsMatch, MATCH);

export const currentPasswordSchema = z.string({ error: CURRENT_PASSWORD }).min(1, CURRENT_PASSWORD).max(PASSWORD_MAX);

export const changePasswordSchema = z.object({ currentPassword: currentPasswordSchema, newPassword: passwordSchema });
export type ChangePassword = z.output<typeof changePasswordSchema>;
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword })
  .refine((v) => passwordsMatch({ password: v.newPassword, confirmPassword: v.confirmPassword }), MATCH);
