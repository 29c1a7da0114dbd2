import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { GRADES, gradeLabel } from "~/domain/catalogue/grades";
import { GradeOptions } from "./grade-options";

describe("GradeOptions", () => {
  it("offers the empty choice, then every grade best first, each with its suffix", () => {
    const html = renderToStaticMarkup(
      <select>
        <GradeOptions none="Any grade" suffix=" or better" />
      </select>,
    );
    const options = [...html.matchAll(/<option value="([^"]*)">([^<]*)<\/option>/g)].map((m) => [m[1], m[2]]);
    expect(options).toEqual([["", "Any grade"], ...GRADES.map((g) => [g, `${gradeLabel(g)} or better`])]);
  });
});
