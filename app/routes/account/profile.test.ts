import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../../db/schema";
import { useShopServices } from "../../../tests/setup/shop-fixtures";
import { formPost, newCustomer, pageGet, routeArgs, sessionOf, settle } from "../../../tests/setup/route-context";
import type { FormReply } from "~/lib/forms/form-reply";
import { action, loader } from "./profile";

const shop = useShopServices();
const call = (request: Request) => routeArgs({ db: shop.t.db, services: shop.s }, request);

const userRow = (id: number) => shop.t.db.select().from(users).where(eq(users.id, id)).get()!;

/** The profile form as the page sends it: every field, blanks as empty strings, genres as repeated fields. */
function detailsForm(fields: Record<string, string>, genres: string[] = []): URLSearchParams {
  const form = new URLSearchParams({ intent: "profile", ...fields });
  for (const g of genres) form.append("favoriteGenres", g);
  return form;
}

const passwordForm = (currentPassword: string, newPassword: string) => ({
  intent: "password",
  currentPassword,
  newPassword,
  confirmPassword: newPassword,
});

describe("profile when signed out", () => {
  it("the page redirects to /auth?redirectTo=/profile", async () => {
    const out = await settle(() => loader(call(pageGet("/profile"))));
    expect(out.thrown).toBe(true);
    expect(out.status).toBe(302);
    const target = new URL(out.location!, "http://shop.test");
    expect(target.pathname).toBe("/auth");
    expect(target.searchParams.get("redirectTo")).toBe("/profile");
  });

  it("a form post is redirected the same way and changes nothing", async () => {
    const out = await settle(() => action(call(formPost("/profile", detailsForm({ email: "someone@example.com" })))));
    expect(out.thrown).toBe(true);
    expect(out.location).toBe("/auth?redirectTo=%2Fprofile");
    expect(shop.t.db.select().from(users).where(eq(users.email, "someone@example.com")).get()).toBeUndefined();
  });

  it("a session cookie that opens nothing counts as signed out", async () => {
    const out = await settle(() => loader(call(pageGet("/profile", `session=${"a".repeat(32)}`))));
    expect(out.thrown).toBe(true);
    expect(out.location).toBe("/auth?redirectTo=%2Fprofile");
  });
});

describe("profile when signed in", () => {
  it("the page shows the user (never the password hash) and their orders", async () => {
    const { user } = await newCustomer(shop.s);
    const out = await settle(() => loader(call(pageGet("/profile", sessionOf(shop.s, user.id).cookie))));
    expect(out.status).toBe(200);
    expect(out.data?.user).toMatchObject({ id: user.id, username: user.username });
    expect(out.data?.user).not.toHaveProperty("passwordHash");
    expect(out.data?.orders).toEqual([]);
  });

  it("saving details trims them, clears blanks to null and defaults the country to United Kingdom", async () => {
    const { user } = await newCustomer(shop.s);
    shop.s.accounts.updateProfile(user.id, { lastName: "Oldname", state: "Kent", phone: "01234 567890", country: "Ireland" });
    const form = detailsForm(
      {
        email: `  ${user.email.toUpperCase()} `,
        firstName: "  Ada  ",
        lastName: "",
        address: " 1 Record Row ",
        city: " London ",
        state: "",
        zipCode: " SW1A 1AA ",
        country: "",
        phone: "",
      },
      ["Jazz", "Soul", "Jazz"],
    );
    const out = await settle(() => action(call(formPost("/profile", form, sessionOf(shop.s, user.id).cookie))));
    expect(out.status).toBe(200);
    expect(out.data?.toast).toEqual({ type: "success", title: "Profile saved", description: "Your details are up to date." });
    expect(userRow(user.id)).toMatchObject({
      email: user.email,
      firstName: "Ada",
      lastName: null,
      address: "1 Record Row",
      city: "London",
      state: null,
      zipCode: "SW1A 1AA",
      country: "United Kingdom",
      phone: null,
      favoriteGenres: ["Jazz", "Soul"],
    });
  });

  it("a field that breaks its rule answers 400 on that field and saves nothing", async () => {
    const { user } = await newCustomer(shop.s);
    const form = detailsForm({ email: user.email, firstName: "Ada", phone: "call me maybe" });
    const out = await settle(() => action(call(formPost("/profile", form, sessionOf(shop.s, user.id).cookie))));
    expect(out.status).toBe(400);
    expect((out.data as FormReply).result.error).toEqual({
      phone: ["Phone numbers may hold digits, spaces, +, - and brackets only"],
    });
    expect(userRow(user.id).firstName).toBeNull();
  });

  it("an e-mail address another account has answers 409 and keeps the old one", async () => {
    const { user } = await newCustomer(shop.s);
    const { user: other } = await newCustomer(shop.s);
    const form = detailsForm({ email: other.email, firstName: "Ada" });
    const out = await settle(() => action(call(formPost("/profile", form, sessionOf(shop.s, user.id).cookie))));
    expect(out.status).toBe(409);
    expect((out.data as FormReply).result.error).toEqual({ "": [`An account with ${other.email} already exists.`] });
    expect(out.data?.toast).toMatchObject({ type: "error", title: "Could not save" });
    expect(userRow(user.id)).toMatchObject({ email: user.email, firstName: null });
  });

  it("changing the password with a wrong current password answers 400 and signs nobody out", async () => {
    const { user } = await newCustomer(shop.s);
    const here = sessionOf(shop.s, user.id);
    const elsewhere = sessionOf(shop.s, user.id);
    const out = await settle(() =>
      action(call(formPost("/profile", passwordForm("not-my-password", "new-password-1"), here.cookie))),
    );
    expect(out.status).toBe(400);
    expect(out.data?.intent).toBe("password");
    expect((out.data as FormReply).result.error).toEqual({
      "": ["Current password is incorrect"],
      currentPassword: ["Current password is incorrect"],
    });
    expect((out.data as FormReply).result.initialValue ?? {}).not.toHaveProperty("newPassword");
    expect(shop.s.sessions.validate(elsewhere.token)).not.toBeNull();
    expect(shop.s.sessions.validate(here.token)).not.toBeNull();
  });

  it("changing the password with the right one keeps this session and ends the others", async () => {
    const { user, password } = await newCustomer(shop.s);
    const here = sessionOf(shop.s, user.id);
    const elsewhere = sessionOf(shop.s, user.id);
    const out = await settle(() => action(call(formPost("/profile", passwordForm(password, "new-password-1"), here.cookie))));
    expect(out.status).toBe(200);
    expect(out.data?.toast).toEqual({
      type: "success",
      title: "Password changed",
      description: "Other devices have been signed out.",
    });
    expect(shop.s.sessions.validate(elsewhere.token)).toBeNull();
    expect(shop.s.sessions.validate(here.token)?.user.id).toBe(user.id);
    await expect(
      shop.s.accounts.login({ username: user.username, password: "new-password-1", clientIp: "192.0.2.10" }),
    ).resolves.toMatchObject({ id: user.id });
  });
});
