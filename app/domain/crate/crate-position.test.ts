import { describe, expect, it } from "vitest";
import {
  canFlip,
  clampPosition,
  flipDirection,
  isArrowKeyTarget,
  keyFlip,
  nextPosition,
  positionFromParam,
  positionLabel,
  previousPosition,
  wrapPosition,
} from "./crate-position";

describe("positions", () => {
  it("clamps to 1…total, bad values to 1, and is 0 in an empty crate", () => {
    expect(clampPosition(3, 24)).toBe(3);
    expect(clampPosition(99, 24)).toBe(24);
    expect(clampPosition(0, 24)).toBe(1);
    expect(clampPosition(-5, 24)).toBe(1);
    expect(clampPosition(2.7, 24)).toBe(2);
    expect(clampPosition(Number.NaN, 24)).toBe(1);
    expect(clampPosition(undefined, 24)).toBe(1);
    expect(clampPosition(null, 24)).toBe(1);
    expect(clampPosition(3, 0)).toBe(0);
    expect(clampPosition(3, Number.NaN)).toBe(0);
  });

  it("reads ?pos= as digits only, anything else as the first record", () => {
    expect(positionFromParam("3", 24)).toBe(3);
    expect(positionFromParam(" 7 ", 24)).toBe(7);
    expect(positionFromParam("1000", 24)).toBe(24);
    for (const bad of [null, undefined, "", "abc", "-2", "3.5", "1e3", "0x10", "9999999999999"]) {
      expect(positionFromParam(bad, 24), String(bad)).toBe(1);
    }
    expect(positionFromParam("0", 24)).toBe(1);
    expect(positionFromParam("5", 0)).toBe(0);
  });

  it("wraps round at both ends", () => {
    expect(nextPosition(3, 24)).toBe(4);
    expect(nextPosition(24, 24)).toBe(1);
    expect(previousPosition(3, 24)).toBe(2);
    expect(previousPosition(1, 24)).toBe(24);
    expect(wrapPosition(0, 5)).toBe(5);
    expect(wrapPosition(6, 5)).toBe(1);
    expect(wrapPosition(-6, 5)).toBe(4);
    expect(wrapPosition(12, 5)).toBe(2);
    expect(nextPosition(1, 1)).toBe(1);
    expect(previousPosition(1, 1)).toBe(1);
    expect(nextPosition(1, 0)).toBe(0);
  });

  it("flips only with two or more records", () => {
    expect(canFlip(0)).toBe(false);
    expect(canFlip(1)).toBe(false);
    expect(canFlip(2)).toBe(true);
  });

  it("tells which way a move went, across the wrap too", () => {
    expect(flipDirection(3, 4, 24)).toBe("next");
    expect(flipDirection(24, 1, 24)).toBe("next");
    expect(flipDirection(4, 3, 24)).toBe("previous");
    expect(flipDirection(1, 24, 24)).toBe("previous");
    expect(flipDirection(3, 10, 24)).toBeNull();
    expect(flipDirection(3, 3, 24)).toBeNull();
    expect(flipDirection(1, 1, 1)).toBeNull();
    // With two records next and previous are the same place: call it next.
    expect(flipDirection(1, 2, 2)).toBe("next");
  });

  it("labels the position as N of M", () => {
    expect(positionLabel(3, 24)).toBe("3 of 24");
  });
});

describe("arrow keys", () => {
  const body = { tagName: "BODY" };
  it("flips with → and ←", () => {
    expect(keyFlip({ key: "ArrowRight", target: body })).toBe("next");
    expect(keyFlip({ key: "ArrowLeft", target: body })).toBe("previous");
    expect(keyFlip({ key: "ArrowRight", target: { tagName: "A" } })).toBe("next");
    expect(keyFlip({ key: "ArrowLeft", target: null })).toBe("previous");
  });

  it("ignores other keys, modified keys and keys another handler took", () => {
    expect(keyFlip({ key: "ArrowUp", target: body })).toBeNull();
    expect(keyFlip({ key: "Enter", target: body })).toBeNull();
    expect(keyFlip({ key: "ArrowLeft", altKey: true, target: body })).toBeNull();
    expect(keyFlip({ key: "ArrowRight", ctrlKey: true, target: body })).toBeNull();
    expect(keyFlip({ key: "ArrowRight", metaKey: true, target: body })).toBeNull();
    expect(keyFlip({ key: "ArrowRight", shiftKey: true, target: body })).toBeNull();
    expect(keyFlip({ key: "ArrowRight", defaultPrevented: true, target: body })).toBeNull();
  });

  it("leaves the arrows to form fields, media controls and editable text", () => {
    for (const tagName of ["INPUT", "textarea", "SELECT", "AUDIO", "VIDEO"]) {
      expect(isArrowKeyTarget({ tagName }), tagName).toBe(true);
      expect(keyFlip({ key: "ArrowRight", target: { tagName } }), tagName).toBeNull();
    }
    expect(keyFlip({ key: "ArrowLeft", target: { tagName: "DIV", isContentEditable: true } })).toBeNull();
    const slider = { tagName: "DIV", getAttribute: (n: string) => (n === "role" ? "slider" : null) };
    expect(keyFlip({ key: "ArrowLeft", target: slider })).toBeNull();
    const region = { tagName: "DIV", getAttribute: (n: string) => (n === "role" ? "region" : null) };
    expect(keyFlip({ key: "ArrowLeft", target: region })).toBe("previous");
  });
});
