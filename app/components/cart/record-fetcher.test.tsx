import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { useRecordFetcher } from "./record-fetcher";

function Probe() {
  const fetcher = useRecordFetcher("cart-add-1");
  return <p>{`${fetcher.state} ${fetcher.formData === undefined}`}</p>;
}

describe("useRecordFetcher", () => {
  it("is idle in a server render and makes no fetcher (none could exist outside a router)", () => {
    expect(import.meta.env.SSR).toBe(true);
    expect(renderToString(<Probe />)).toBe("<p>idle true</p>");
  });
});
