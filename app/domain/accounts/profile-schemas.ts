/**
 * A customer's details (spec §3 user fields): one rule per field, used by the profile form, by registration
 * and by the accounts service. A field that is absent leaves the stored value alone; a blank one clears it.
 */
import { GENRES } from "~/domain/catalogue/genres";
import { z } from "~/domain/shared/zod";
import { emailSchema, passwordSchema, usernameSchema } from "./auth-schemas";

export const DEFAULT_COUNTRY = "United Kingdom";

/** Trimmed, at most `max` characters, blank stored as null. */
const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((v) => (v === "" ? null : v));

export const profileTextFields = {
  firstName: text("First name", 60),
  lastName: text("Last name", 60),
  address: text("Address", 200),
  city: text("Town or city", 80),
  state: text("County", 80),
  zipCode: text("Postcode", 12),
  country: text("Country", 60),
  phone: text("Phone", 30).refine(
    (v) => v === null || /^[+()\d\s-]*$/.test(v),
    "Phone numbers may hold digits, spaces, +, - and brackets only",
  ),
};

/** Genres from the shop's list, each once. */
export const favoriteGenresSchema = z
  .array(z.enum(GENRES, { error: "Choose genres from the list" }))
  .max(GENRES.length)
  .transform((genres) => [...new Set(genres)]);

/** Every text field may be left out (kept as it is) or given as null (cleared). */
function changeable<T extends Record<string, z.ZodType>>(shape: T) {
  return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.nullish()])) as {
    [K in keyof T]: z.ZodOptional<z.ZodNullable<T[K]>>;
  };
}

/** A change of details: only the fields given change (the username, role and password never do here). */
export const profileUpdateSchema = z.object({
  email: emailSchema.optional(),
  ...changeable(profileTextFields),
  favoriteGenres: favoriteGenresSchema.optional(),
});

/** Sign-up: the credentials and, optionally, any detail. Unknown keys (confirmPassword, role, …) are dropped. */
export const registerSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  ...changeable(profileTextFields),
  favoriteGenres: favoriteGenresSchema.optional(),
});

/** A field the profile form sends: a browser leaves an empty one out, which here means "cleared". */
const cleared = <S extends z.ZodType>(field: S) => field.optional().transform((v) => v ?? null);

/** The profile form sends every field. The country defaults to the United Kingdom (spec §9). */
export const profileFormSchema = z.object({
  email: emailSchema,
  firstName: cleared(profileTextFields.firstName),
  lastName: cleared(profileTextFields.lastName),
  address: cleared(profileTextFields.address),
  city: cleared(profileTextFields.city),
  state: cleared(profileTextFields.state),
  zipCode: cleared(profileTextFields.zipCode),
  country: profileTextFields.country.optional().transform((v) => v ?? DEFAULT_COUNTRY),
  phone: cleared(profileTextFields.phone),
  favoriteGenres: favoriteGenresSchema.default([]),
});

/** What the accounts service takes: parsed with these schemas by every adapter first. */
export type RegisterInput = z.output<typeof registerSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
