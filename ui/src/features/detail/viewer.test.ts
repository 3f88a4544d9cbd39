import { describe, expect, it } from "vitest";

import { initialView, innerSize, MAX_SCALE, MIN_SCALE, place, rotate, zoom } from "./viewer";

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

  it("fits the whole photo in the stage at 100 %, for any shape and quarter turn", () => {
    const stage = { width: 1000, height: 600 };
    // A landscape photo wider than the stage's shape: it fills the width.
    const wide = place({ width: 2000, height: 1000 }, stage, initialView);
    expect(wide).toMatchObject({ width: 1000, height: 500, left: 0, top: 50, canvas: stage });
    // A portrait photo fills the height.
    const tall = place({ width: 600, height: 1200 }, stage, initialView);
    expect(tall).toMatchObject({ width: 300, height: 600, left: 350, top: 0 });
    // Turned a quarter, the wide photo's long side runs down: its turned box (300 × 600)
    // fills the stage's height.
    const turned = place({ width: 2000, height: 1000 }, stage, rotate(initialView));
    expect(turned.width).toBeCloseTo(600);
    expect(turned.height).toBeCloseTo(300);
    expect(turned.canvas).toEqual(stage);
    // Its centre is the stage's centre.
    expect(turned.left + turned.width / 2).toBeCloseTo(500);
    expect(turned.top + turned.height / 2).toBeCloseTo(300);
    // A small photo grows to fit too.
    expect(place({ width: 100, height: 60 }, stage, initialView)).toMatchObject({ width: 1000, height: 600 });
  });

  it("zooms from the fit: larger than the stage, the canvas grows to scroll; smaller, it stays centred", () => {
    const stage = { width: 1000, height: 600 };
    const zoomed = place({ width: 2000, height: 1000 }, stage, { scale: 2, rotation: 0 });
    expect(zoomed).toMatchObject({ width: 2000, height: 1000, left: 0, top: 0, canvas: { width: 2000, height: 1000 } });
    const out = place({ width: 2000, height: 1000 }, stage, { scale: 0.5, rotation: 0 });
    expect(out).toMatchObject({ width: 500, height: 250, left: 250, top: 175, canvas: stage });
  });

  it("draws nothing before the photo's size is known", () => {
    expect(place({ width: 0, height: 0 }, { width: 1000, height: 600 }, initialView)).toMatchObject({ width: 0, height: 0 });
  });

  it("measures the stage in whole pixels, rounded down and less any scrollbar, so the fit never overflows", () => {
    // 60vh of a 758 px window: 454.8 px, which clientHeight reads as 455.
    expect(innerSize({ width: 1036, height: 454.8 }, { width: 1036, height: 455 }, { width: 1036, height: 455 })).toEqual({ width: 1036, height: 454 });
    // Zoomed past the stage, scrollbars (15 px) take their room.
    expect(innerSize({ width: 1036.5, height: 480 }, { width: 1037, height: 480 }, { width: 1022, height: 465 })).toEqual({ width: 1021, height: 465 });
    const fit = place(
      { width: 4000, height: 1000 },
      innerSize({ width: 1000, height: 600.6 }, { width: 1000, height: 601 }, { width: 1000, height: 601 }),
      initialView,
    );
    expect(fit.canvas.height).toBeLessThanOrEqual(600.6);
  });
});
