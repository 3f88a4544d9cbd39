import { describe, expect, it } from "vitest";

import { initialView, MAX_SCALE, MIN_SCALE, rotate, zoom } from "./viewer";

describe("the photo viewer", () => {
  it("zooms by quarters within its bounds and back", () => {
    expect(zoom(initialView, 1).scale).toBe(1.25);
    expect(zoom(zoom(initialView, 1), -1).scale).toBe(1);
    let view = initialView;
    for (let i = 0; i < 30; i += 1) view = zoom(view, 1);
    expect(view.scale).toBe(MAX_SCALE);
    for (let i = 0; i < 60; i += 1) view = zoom(view, -1);
    expect(view.scale).toBe(MIN_SCALE);
  });

  it("rotates a quarter turn at a time and comes round", () => {
    const turns = [rotate(initialView)];
    for (let i = 0; i < 3; i += 1) turns.push(rotate(turns[turns.length - 1] ?? initialView));
    expect(turns.map((v) => v.rotation)).toEqual([90, 180, 270, 0]);
  });
});
