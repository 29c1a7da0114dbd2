import { z } from "~/domain/shared/zod";
import { GENRES } from "~/domain/catalogue/genres";
import { PASSWORD_MIN } from "./auth-schemas";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : null));

/** The profile form (spec §3 user fields). Country defaults to the United Kingdom. */
export const profileSchema = z.object({
  email: z.string({ error: "Invalid email address" }).trim().toLowerCase().pipe(z.email("Invalid email address")),
  firstName: optionalText(60),
  lastName: optionalText(60),
  address: optionalText(200),
  city: optionalText(80),
  state: optionalText(80),
  zipCode: optionalText(12),
  country: z.string().trim().max(60).optional().transform((v) => v || "United Kingdom"),
  phone: z
    .string()
    .trim()
    .max(30)
    .regex(/^[+()\d\s-]*$/, "Phone numbers may hold digits, spaces, +, - and brackets only")
    .optional()
    .transform((v) => (v ? v : null)),
  favoriteGenres: z.array(z.enum(GENRES)).max(GENRES.length).default([]),
});

export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: "Enter your current password" }).min(1, "Enter your current password"),
    newPassword: z
      .string({ error: "Password must be at least 6 characters" })
      .min(PASSWORD_MIN, "Password must be at least 6 characters")
      .max(200),
    confirmPassword: z
      .string({ error: "Password confirmation must be at least 6 characters" })
      .min(PASSWORD_MIN, "Password confirmation must be at least 6 characters"),
  })
  .refine((v) => v.confirmPassword.length < PASSWORD_MIN || v.newPassword === v.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });
