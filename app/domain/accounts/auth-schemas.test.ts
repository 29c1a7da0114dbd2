import { describe, expect, it } from "vitest";
import { loginSchema, registerFormSchema, registrationFields } from "./auth-schemas";

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("login (spec §5)", () => {
  it("needs a username of 3+ and a password of 6+ characters, with the spec's messages", () => {
    expect(messages(loginSchema.safeParse({ username: "ab", password: "12345" }))).toEqual({
      username: "Username must be at least 3 characters",
      password: "Password must be at least 6 characters",
    });
    expect(loginSchema.safeParse({ username: "abc", password: "123456" }).success).toBe(true);
  });

  it("gives the spec's messages for missing fields too", () => {
    expect(messages(loginSchema.safeParse({}))).toEqual({
      username: "Username must be at least 3 characters",
      password: "Password must be at least 6 characters",
    });
  });
});

describe("registration (spec §5)", () => {
  const ok = { username: "vinylfan", email: "Fan@Example.com ", password: "secret1", confirmPassword: "secret1" };

  it("accepts a valid form and normalises the email", () => {
    const r = registerFormSchema.safeParse(ok);
    expect(r.success && r.data.email).toBe("fan@example.com");
  });

  it("rejects a bad email with 'Invalid email address'", () => {
    expect(messages(registerFormSchema.safeParse({ ...ok, email: "not-an-email" }))).toEqual({ email: "Invalid email address" });
  });

  it("needs confirmPassword of 6+ characters", () => {
    expect(messages(registerFormSchema.safeParse({ ...ok, confirmPassword: "123" }))).toMatchObject({
      confirmPassword: "Password confirmation must be at least 6 characters",
    });
  });

  it("shows 'Passwords do not match' on confirmPassword", () => {
    expect(messages(registerFormSchema.safeParse({ ...ok, confirmPassword: "secret2" }))).toEqual({
      confirmPassword: "Passwords do not match",
    });
  });

  it("never passes confirmPassword on", () => {
    const r = registerFormSchema.parse(ok);
    expect(registrationFields(r)).toEqual({ username: "vinylfan", email: "fan@example.com", password: "secret1" });
  });
});
