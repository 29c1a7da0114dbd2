import { describe, expect, it } from "vitest";
import { foldAccents } from "./fold-accents";

describe("foldAccents", () => {
  it("lower-cases, strips accents and spells out letters NFD cannot split", () => {
    expect(foldAccents("Björk")).toBe("bjork");
    expect(foldAccents("Sigur Rós")).toBe("sigur ros");
    expect(foldAccents("Straße Ærø Łódź þing")).toBe("strasse aero lodz thing");
  });
});
