import { describe, expect, it } from "vitest";

import { framesByHand, nextFrame } from "../test/clock";
import { perFrame } from "./frames";

describe("perFrame", () => {
  it("hands a burst over once, in arrival order, and later items in a later batch", () => {
    framesByHand();
    const batches: number[][] = [];
    const frames = perFrame<number>((batch) => batches.push(batch));
    for (let i = 1; i <= 5; i++) frames.push(i);
    expect(batches).toEqual([]);
    nextFrame();
    expect(batches).toEqual([[1, 2, 3, 4, 5]]);
    frames.push(6);
    nextFrame();
    expect(batches).toEqual([[1, 2, 3, 4, 5], [6]]);
  });

  it("hands over nothing once cancelled", () => {
    framesByHand();
    const batches: number[][] = [];
    const frames = perFrame<number>((batch) => batches.push(batch));
    frames.push(1);
    frames.cancel();
    nextFrame();
    expect(batches).toEqual([]);
  });
});
