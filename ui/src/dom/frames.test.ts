import { describe, expect, it } from "vitest";

import { perFrame } from "./frames";

const nextFrames = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("perFrame", () => {
  it("hands a burst over once, in arrival order, and later items in a later batch", async () => {
    const batches: number[][] = [];
    const frames = perFrame<number>((batch) => batches.push(batch));
    for (let i = 1; i <= 5; i++) frames.push(i);
    expect(batches).toEqual([]);
    await nextFrames();
    expect(batches).toEqual([[1, 2, 3, 4, 5]]);
    frames.push(6);
    await nextFrames();
    expect(batches).toEqual([[1, 2, 3, 4, 5], [6]]);
  });

  it("hands over nothing once cancelled", async () => {
    const batches: number[][] = [];
    const frames = perFrame<number>((batch) => batches.push(batch));
    frames.push(1);
    frames.cancel();
    await nextFrames();
    expect(batches).toEqual([]);
  });
});
