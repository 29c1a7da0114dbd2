import { describe, expect, it } from "vitest";
import { createFifoGate } from "./fifo-gate";

describe("createFifoGate", () => {
  it("lets in as many as it has slots, then the rest in the order they asked", async () => {
    const gate = createFifoGate(2);
    const order: number[] = [];
    const leaves = await Promise.all([gate.enter(), gate.enter()]);
    const later = [3, 4, 5].map((n) => gate.enter().then((leave) => (order.push(n), leave)));
    await Promise.resolve();
    expect(order).toEqual([]);
    expect(gate.stats()).toEqual({ free: 0, waiting: 3 });
    leaves[1]!();
    const third = await later[0]!;
    expect(order).toEqual([3]);
    leaves[0]!();
    leaves[0]!(); // a second call gives nothing back
    await later[1];
    expect(order).toEqual([3, 4]);
    expect(gate.stats()).toEqual({ free: 0, waiting: 1 });
    third();
    (await later[2]!)();
    (await later[1]!)();
    expect(order).toEqual([3, 4, 5]);
    expect(gate.stats()).toEqual({ free: 2, waiting: 0 });
  });
});
