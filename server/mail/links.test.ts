import { describe, expect, it, vi } from "vitest";
import { createMailLinks, mailOrigin, TOKEN_SLOT, warnWithoutPublicOrigin } from "./links";

describe("mail links", () => {
  it("come from PUBLIC_ORIGIN, or http://localhost:<PORT> without it", () => {
    expect(mailOrigin({ PUBLIC_ORIGIN: "https://shop.example/some/path" })).toBe("https://shop.example");
    expect(mailOrigin({ PUBLIC_ORIGIN: "  ", PORT: 8080 })).toBe("http://localhost:8080");
    expect(mailOrigin({})).toBe("http://localhost:3000");
  });

  it("build page links and token links with the placeholder left intact", () => {
    const links = createMailLinks("https://shop.example");
    expect(links.page("/profile#orders")).toBe("https://shop.example/profile#orders");
    expect(links.withToken("/reset-password")).toBe(`https://shop.example/reset-password?token=${TOKEN_SLOT}`);
    expect(() => createMailLinks("ftp://shop.example")).toThrow(/http/);
  });

  it("warn once at start-up in production when PUBLIC_ORIGIN is missing, and only then", () => {
    const warn = vi.fn();
    warnWithoutPublicOrigin({ NODE_ENV: "production", PORT: 3000 }, warn);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]![0]).toContain("http://localhost:3000");
    warnWithoutPublicOrigin({ NODE_ENV: "production", PUBLIC_ORIGIN: "https://shop.example" }, warn);
    warnWithoutPublicOrigin({ NODE_ENV: "development" }, warn);
    expect(warn).toHaveBeenCalledOnce();
  });
});
