import { describe, expect, it } from "vitest";
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  formFailureOf,
  httpStatusOf,
  InvalidCredentialsError,
  NotFoundError,
  OutOfStockError,
  PaymentUnavailableError,
  TooManyAttemptsError,
  ValidationError,
} from "./errors";

describe("the domain error family", () => {
  it("names each error after its class and keeps it a DomainError", () => {
    for (const error of [
      new NotFoundError("x"),
      new ValidationError("x"),
      new ForbiddenError("x"),
      new ConflictError("x"),
      new OutOfStockError(1, "Blue Train"),
      new InvalidCredentialsError(),
      new TooManyAttemptsError(60),
      new PaymentUnavailableError(),
    ]) {
      expect(error).toBeInstanceOf(DomainError);
      expect(error.name).toBe(error.constructor.name);
    }
  });

  it("maps each to its HTTP status; anything else is a 500", () => {
    expect(httpStatusOf(new NotFoundError("x"))).toBe(404);
    expect(httpStatusOf(new ValidationError("x"))).toBe(400);
    expect(httpStatusOf(new InvalidCredentialsError())).toBe(401);
    expect(httpStatusOf(new ForbiddenError("x"))).toBe(403);
    expect(httpStatusOf(new ConflictError("x"))).toBe(409);
    expect(httpStatusOf(new OutOfStockError(1, "Blue Train"))).toBe(409);
    expect(httpStatusOf(new TooManyAttemptsError(5))).toBe(429);
    expect(httpStatusOf(new PaymentUnavailableError())).toBe(503);
    expect(httpStatusOf(new Error("boom"))).toBe(500);
    expect(httpStatusOf("not even an error")).toBe(500);
  });

  it("says how long to wait, in whole minutes", () => {
    expect(new TooManyAttemptsError(1).message).toBe("Too many failed login attempts. Try again in 1 minute.");
    expect(new TooManyAttemptsError(3600).message).toBe("Too many failed login attempts. Try again in 60 minutes.");
  });
});

describe("formFailureOf", () => {
  it("is null for anything that is not a domain error, so the action re-throws it", () => {
    expect(formFailureOf(new Error("boom"))).toBeNull();
    expect(formFailureOf(new TypeError("x is undefined"))).toBeNull();
    expect(formFailureOf(undefined)).toBeNull();
  });

  it("answers a wrong password on a form with 400, not 401", () => {
    expect(formFailureOf(new InvalidCredentialsError())).toEqual({ status: 400, message: "Invalid username or password" });
  });

  it("keeps the messages per field and the wait", () => {
    expect(formFailureOf(new ValidationError("Bad code", { discountCode: ["Bad code"] }))).toEqual({
      status: 400,
      message: "Bad code",
      fields: { discountCode: ["Bad code"] },
    });
    expect(formFailureOf(new TooManyAttemptsError(90))).toMatchObject({ status: 429, retryAfterSeconds: 90 });
    expect(formFailureOf(new ConflictError("Taken"))).toEqual({ status: 409, message: "Taken" });
    expect(formFailureOf(new ConflictError("Taken", { code: ["Taken"] }))).toEqual({
      status: 409,
      message: "Taken",
      fields: { code: ["Taken"] },
    });
    expect(formFailureOf(new PaymentUnavailableError())).toMatchObject({ status: 503 });
  });
});
