import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clubMemberships, users } from "../../../db/schema";
import { useShopServices } from "../../../tests/setup/shop-fixtures";
import { formPost, newCustomer, pageGet, routeArgs, sessionOf, settle } from "../../../tests/setup/route-context";
import type { FormReply } from "~/lib/forms/form-reply";
import { action, loader } from "./subscribe";
import { action as profileAction } from "./profile";

const shop = useShopServices();
const call = (request: Request) => routeArgs({ db: shop.t.db, services: shop.s }, request);

/** The /subscribe form as the page sends it without JavaScript. */
const signUpForm = (fields: Record<string, string> = {}) => ({
  plan: "one-lp",
  favouriteGenre: "Jazz",
  name: "Ann Lee",
  addressLine1: "1 Groove Street",
  addressLine2: "",
  city: "Leeds",
  postalCode: "ls1 4ap",
  country: "United Kingdom",
  cardNumber: "4242 4242 4242 4242",
  cardExpiry: "12/30",
  cardCvc: "123",
  ...fields,
});

const membershipOf = (userId: number) => shop.t.db.select().from(clubMemberships).where(eq(clubMemberships.userId, userId)).get();

describe("joining the club on /subscribe", () => {
  it("starts the delivery address from the account's saved address", async () => {
    const { user } = await newCustomer(shop.s);
    shop.t.db
      .update(users)
      .set({ firstName: "Ann", lastName: "Lee", address: "1 Groove Street", city: "Leeds", zipCode: "LS1 4AP" })
      .where(eq(users.id, user.id))
      .run();
    const out = await settle(() => loader(call(pageGet("/subscribe", sessionOf(shop.s, user.id).cookie))));
    expect(out.data?.address).toEqual({ name: "Ann Lee", addressLine1: "1 Groove Street", city: "Leeds", postalCode: "LS1 4AP" });
  });

  it("keeps the delivery address given with the sign-up, postcode tidied", async () => {
    const { user } = await newCustomer(shop.s);
    const out = await settle(() => action(call(formPost("/subscribe", signUpForm(), sessionOf(shop.s, user.id).cookie))));
    expect(out.status).toBe(303);
    expect(out.location).toBe("/subscription-confirmation");
    expect(membershipOf(user.id)).toMatchObject({
      deliveryName: "Ann Lee",
      addressLine1: "1 Groove Street",
      addressLine2: null,
      city: "Leeds",
      postalCode: "LS1 4AP",
    });
  });

  it("refuses a postcode that is not a UK one with a 400 and its message, and joins nothing", async () => {
    const { user } = await newCustomer(shop.s);
    const cookie = sessionOf(shop.s, user.id).cookie;
    const out = await settle(() => action(call(formPost("/subscribe", signUpForm({ postalCode: "75001" }), cookie))));
    expect(out.status).toBe(400);
    expect((out.data as FormReply).result.error?.postalCode).toEqual(["Please enter a UK postcode, such as SW1A 1AA"]);
    const blank = await settle(() => action(call(formPost("/subscribe", signUpForm({ addressLine1: " " }), cookie))));
    expect(blank.status).toBe(400);
    expect((blank.data as FormReply).result.error?.addressLine1).toEqual(["Please enter the first line of the address"]);
    expect(membershipOf(user.id)).toBeUndefined();
  });
});

describe("changing the club's delivery address on /profile", () => {
  it("saves a good address and refuses a bad postcode with a 400", async () => {
    const { user } = await newCustomer(shop.s);
    const cookie = sessionOf(shop.s, user.id).cookie;
    await settle(() => action(call(formPost("/subscribe", signUpForm(), cookie))));
    const address = {
      intent: "club-address",
      name: "Ann Lee",
      addressLine1: "9 Spindle Lane",
      city: "York",
      postalCode: "yo1 7hh",
    };
    const saved = await settle(() => profileAction(call(formPost("/profile", address, cookie))));
    expect(saved.location).toBe("/profile#club");
    expect(membershipOf(user.id)).toMatchObject({ addressLine1: "9 Spindle Lane", city: "York", postalCode: "YO1 7HH" });
    const refused = await settle(() => profileAction(call(formPost("/profile", { ...address, postalCode: "nope" }, cookie))));
    expect(refused.status).toBe(400);
    expect((refused.data as FormReply).result.error?.postalCode).toEqual(["Please enter a UK postcode, such as SW1A 1AA"]);
    expect(membershipOf(user.id)?.postalCode).toBe("YO1 7HH");
  });

  it("is refused with a message, not a 500, for someone who is not a member", async () => {
    const { user } = await newCustomer(shop.s);
    const address = { intent: "club-address", name: "Bo", addressLine1: "2 Road", city: "Bath", postalCode: "BA1 1AA" };
    const out = await settle(() => profileAction(call(formPost("/profile", address, sessionOf(shop.s, user.id).cookie))));
    expect(out.status).toBe(404);
    expect((out.data as FormReply).result.error?.[""]).toEqual(["You are not a member of the record club."]);
  });
});
