import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

describe("loadConfig", () => {
  it("has working defaults for a fresh machine", () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_PATH).toBe("data/needledrop.db");
    expect(c.mediaDir).toMatch(/data[\\/]media$/);
    expect(c.SMTP_URL).toBeUndefined();
  });

  it("reads overrides and splits allowed origins", () => {
    const c = loadConfig({
      PORT: "8080",
      ALLOWED_ORIGINS: "https://a.example, https://b.example",
      SMTP_URL: "smtp://127.0.0.1:2525",
    });
    expect(c.PORT).toBe(8080);
    expect(c.allowedOrigins).toEqual(["https://a.example", "https://b.example"]);
    expect(c.SMTP_URL).toBe("smtp://127.0.0.1:2525");
  });

  it("refuses bad values with a message naming the variable", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ SMTP_URL: "http://mail.example" })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ PUBLIC_ORIGIN: "ftp://x" })).toThrow(/PUBLIC_ORIGIN/);
  });
});
