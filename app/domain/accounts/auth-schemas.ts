import { z } from "~/domain/shared/zod";

/** Spec §5 validation rules and messages, shared by the browser (as you type) and the server (always). */
export const USERNAME_MIN = 3;
export const PASSWORD_MIN = 6;

const username = z
  .string({ error: "Username must be at least 3 characters" })
  .trim()
  .min(USERNAME_MIN, "Username must be at least 3 characters")
  .max(40, "Username must be at most 40 characters");
const password = z
  .string({ error: "Password must be at least 6 characters" })
  .min(PASSWORD_MIN, "Password must be at least 6 characters")
  .max(200, "Password must be at most 200 characters");
const email = z
  .string({ error: "Invalid email address" })
  .trim()
  .toLowerCase()
  .pipe(z.email("Invalid email address"));

export const loginSchema = z.object({ username, password });

export const registerSchema = z
  .object({
    username,
    email,
    password,
    confirmPassword: z
      .string({ error: "Password confirmation must be at least 6 characters" })
      .min(PASSWORD_MIN, "Password confirmation must be at least 6 characters"),
  })
  .refine(passwordsMatch, { message: "Passwords do not match", path: ["confirmPassword"] });

/** One message per field: a too-short confirmation says so, rather than also "do not match". */
function passwordsMatch(v: { password: string; confirmPassword: string }): boolean {
  return v.confirmPassword.length < PASSWORD_MIN || v.password === v.confirmPassword;
}

/** What is sent on after registration: confirmPassword never leaves the form (spec §5). */
export function registrationFields(v: z.infer<typeof registerSchema>) {
  return { username: v.username, email: v.email, password: v.password };
}

export const resetRequestSchema = z.object({ email });
export const resetPasswordSchema = z
  .object({
    token: z.string().min(10),
    password,
    confirmPassword: z.string({ error: "Password confirmation must be at least 6 characters" }).min(PASSWORD_MIN, "Password confirmation must be at least 6 characters"),
  })
  .refine(passwordsMatch, { message: "Passwords do not match", path: ["confirmPassword"] });
