import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "~/domain/shared/zod";
import type { FormReply } from "~/lib/forms/form-reply";
import { RowButton } from "./row-button";

const moveSchema = z.object({ pickId: z.coerce.number(), direction: z.enum(["up", "down"]) });
const refused: FormReply = {
  intent: "move",
  result: { status: "error", initialValue: { pickId: "2", direction: "down" }, error: { "": ["That pick is gone."] } },
};

function rows(reply: FormReply) {
  const Page = () => (
    <>
      {[1, 2].flatMap((pickId) =>
        (["up", "down"] as const).map((direction) => (
          <RowButton
            key={`${pickId}-${direction}`}
            intent="move"
            schema={moveSchema}
            fields={{ pickId, direction, back: "/lists" }}
            reply={reply}
            className="button"
          >
            Move {pickId} {direction}
          </RowButton>
        )),
      )}
    </>
  );
  const Stub = createRoutesStub([{ path: "/", Component: Page }]);
  return renderToStaticMarkup(<Stub initialEntries={["/"]} />);
}

describe("RowButton", () => {
  it("posts its intent and its row's fields", () => {
    const html = rows({ intent: null, result: {} });
    expect(html).toContain('<input type="hidden" name="intent" value="move"/>');
    expect(html).toContain('<input type="hidden" name="pickId" value="2"/>');
    expect(html).toContain('<input type="hidden" name="back" value="/lists"/>');
  });

  it("shows a refusal on the one button that was pressed: its row and its direction", () => {
    const html = rows(refused);
    expect(html.match(/role="alert"/g)).toHaveLength(1);
    const pressed = html.indexOf("Move 2 down");
    const alert = html.indexOf("That pick is gone.");
    expect(alert).toBeGreaterThan(pressed);
    expect(html.indexOf("Move 2 up")).toBeLessThan(pressed);
  });
});
