import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { pageAddress, requireUser } from "./guards.server";

const at = (url: string) => new Request(`https://shop.example${url}`);

describe("pageAddress", () => {
  it("is the path and query of a page asked for directly", () => {
    expect(pageAddress(at("/account/orders?page=2"))).toBe("/account/orders?page=2");
    expect(pageAddress(at("/"))).toBe("/");
  });

  it("drops what a client-side navigation adds: the .data suffix, _routes and a bare index", () => {
    expect(pageAddress(at("/account.data?_routes=root%2Croutes%2Faccount"))).toBe("/account");
    expect(pageAddress(at("/_root.data"))).toBe("/");
    expect(pageAddress(at("/wants.data?index&page=3"))).toBe("/wants?page=3");
    expect(pageAddress(at("/browse?index=keep&genre=jazz"))).toBe("/browse?index=keep&genre=jazz");
  });
});

describe("requireUser", () => {
  it("sends a signed-out shopper to log in, coming back to the page itself", () => {
    const context = { user: null } as unknown as AppLoadContext;
    let thrown: unknown;
    try {
      requireUser(context, at("/favorites.data?_routes=routes%2Ffavorites"));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/auth?redirectTo=%2Ffavorites");
  });

  it("hands back the signed-in user", () => {
    const user = { id: 7, role: "customer" };
    expect(requireUser({ user } as unknown as AppLoadContext, at("/account"))).toBe(user);
  });
});
