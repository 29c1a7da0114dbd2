import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ImportErrors } from "./import-errors";

describe("the import's rows with errors", () => {
  const html = renderToStaticMarkup(
    <ImportErrors
      rows={[
        { line: 3, catalogNumber: "LAY-2", title: "High Tide", errors: ["Price: Enter the price in pounds"] },
        { line: 4, catalogNumber: "LAY-3", title: "", errors: ["Title: Enter the title", "Stock: Stock cannot be negative"] },
        { line: 5, errors: ["Title: Enter the title"] },
      ]}
    />,
  );

  it("is one list, a row each, named for screen readers", () => {
    expect(html).toContain('aria-label="Rows with errors"');
    expect(html.match(/data-testid="import-error"/g)).toHaveLength(3);
  });

  it("gives each problem a line of its own, and says Line where the row stacks", () => {
    const row = html.split('data-testid="import-error"')[2]!;
    expect(row).toContain("<li>Title: Enter the title</li><li>Stock: Stock cannot be negative</li>");
    expect(row).toContain('<span class="sm:sr-only">Line </span>4');
    expect(row).toContain(">LAY-3<");
  });

  it("shows a dash for a row with neither catalogue number nor title", () => {
    expect(html.split('data-testid="import-error"')[3]).toContain(">—<");
  });
});
