import { describe, expect, it } from "vitest";

import {
  actionOfKey,
  actionsOf,
  apply,
  clampPage,
  clampZoom,
  failureOf,
  hasUndecodedImage,
  isCancelled,
  MAX_CANVAS_PIXELS,
  MAX_IMAGE_PIXELS,
  MAX_ZOOM,
  MIN_ZOOM,
  openOptions,
  type Position,
  pixelRatio,
  zoomFor,
  zoomIn,
  zoomOut,
} from "./viewerModel";

describe("pages", () => {
  it("stay between the first and the last", () => {
    expect(clampPage(0, 12)).toBe(1);
    expect(clampPage(-3, 12)).toBe(1);
    expect(clampPage(13, 12)).toBe(12);
    expect(clampPage(7, 12)).toBe(7);
    expect(clampPage(2.6, 12)).toBe(3);
  });

  it("are 1 on a document with no pages yet, or an unreadable number", () => {
    expect(clampPage(5, 0)).toBe(1);
    expect(clampPage(Number.NaN, 12)).toBe(1);
  });
});

describe("zoom", () => {
  it("steps up and down through the ladder, from 25 % to 400 %", () => {
    expect(zoomIn(1)).toBe(1.1);
    expect(zoomOut(1)).toBe(0.9);
    expect(zoomIn(3)).toBe(4);
    expect(zoomIn(MAX_ZOOM)).toBe(MAX_ZOOM);
    expect(zoomOut(MIN_ZOOM)).toBe(MIN_ZOOM);
  });

  it("steps from a fitted zoom between two steps to the neighbouring step", () => {
    expect(zoomIn(1.37)).toBe(1.5);
    expect(zoomOut(1.37)).toBe(1.25);
    // A fit that lands within a hair of a step does not step to that same step.
    expect(zoomIn(0.6667)).toBe(0.75);
    expect(zoomOut(0.6667)).toBe(0.5);
  });

  it("is clamped to the range, and a nonsense value is 100 %", () => {
    expect(clampZoom(9)).toBe(MAX_ZOOM);
    expect(clampZoom(0.01)).toBe(MIN_ZOOM);
    expect(clampZoom(0)).toBe(1);
    expect(clampZoom(Number.POSITIVE_INFINITY)).toBe(1);
  });
});

describe("fitting a page in the pane", () => {
  const letter = { width: 816, height: 1056 }; // 8.5 × 11 in at 96 px/in
  const landscape = { width: 1056, height: 816 };

  it("to the width fills the pane's width, whatever its height", () => {
    expect(zoomFor({ kind: "width" }, letter, { width: 408, height: 100 })).toBe(0.5);
    expect(zoomFor({ kind: "width" }, letter, { width: 1632, height: 100 })).toBe(2);
  });

  it("whole takes the smaller of the two ratios, for a tall and a wide page", () => {
    const pane = { width: 816, height: 528 };
    expect(zoomFor({ kind: "page" }, letter, pane)).toBe(0.5);
    expect(zoomFor({ kind: "page" }, landscape, pane)).toBeCloseTo(528 / 816, 6);
  });

  it("stays within 25 %–400 %", () => {
    expect(zoomFor({ kind: "width" }, letter, { width: 50, height: 50 })).toBe(MIN_ZOOM);
    expect(zoomFor({ kind: "width" }, { width: 100, height: 100 }, { width: 4000, height: 100 })).toBe(MAX_ZOOM);
  });

  it("is 100 % before the pane or the page is measured", () => {
    expect(zoomFor({ kind: "page" }, letter, { width: 0, height: 0 })).toBe(1);
    expect(zoomFor({ kind: "width" }, { width: 0, height: 0 }, { width: 800, height: 600 })).toBe(1);
  });

  it("leaves a chosen zoom as it is", () => {
    expect(zoomFor({ kind: "zoom", zoom: 1.5 }, letter, { width: 10, height: 10 })).toBe(1.5);
  });
});

describe("the canvas's pixel ratio", () => {
  it("is the screen's while the canvas is small enough", () => {
    expect(pixelRatio({ width: 816, height: 1056 }, 2)).toBe(2);
    expect(pixelRatio({ width: 816, height: 1056 }, 0)).toBe(1);
  });

  it("is lowered so that a page at 400 % on a dense screen stays within the limit", () => {
    const css = { width: 816 * 4, height: 1056 * 4 };
    const ratio = pixelRatio(css, 2);
    expect(ratio).toBeLessThan(2);
    expect(css.width * ratio * css.height * ratio).toBeLessThanOrEqual(MAX_CANVAS_PIXELS + 1);
  });
});

describe("keys", () => {
  it("turn pages, zoom and fit", () => {
    expect(actionOfKey("PageUp")).toBe("previous");
    expect(actionOfKey("[")).toBe("previous");
    expect(actionOfKey("PageDown")).toBe("next");
    expect(actionOfKey("]")).toBe("next");
    expect(actionOfKey("Home")).toBe("first");
    expect(actionOfKey("End")).toBe("last");
    expect(actionOfKey("+")).toBe("zoomIn");
    expect(actionOfKey("=")).toBe("zoomIn");
    expect(actionOfKey("-")).toBe("zoomOut");
    expect(actionOfKey("w")).toBe("fitWidth");
    expect(actionOfKey("F")).toBe("fitPage");
  });

  it("leave arrows, letters and the window's shortcuts alone", () => {
    expect(actionOfKey("ArrowDown")).toBeNull();
    expect(actionOfKey("a")).toBeNull();
    expect(actionOfKey("+", { ctrl: true })).toBeNull();
    expect(actionOfKey("f", { meta: true })).toBeNull();
    expect(actionOfKey("w", { alt: true })).toBeNull();
  });
});

describe("an action on the position", () => {
  const at = (page: number): Position => ({ page, fit: { kind: "width" } });

  it("turns pages within the document", () => {
    expect(apply(at(3), "next", 12, 1).page).toBe(4);
    expect(apply(at(12), "next", 12, 1).page).toBe(12);
    expect(apply(at(1), "previous", 12, 1).page).toBe(1);
    expect(apply(at(5), "first", 12, 1).page).toBe(1);
    expect(apply(at(5), "last", 2000, 1).page).toBe(2000);
  });

  it("zooms from the zoom on screen, leaving the fit for a chosen zoom", () => {
    expect(apply(at(1), "zoomIn", 12, 1.37).fit).toEqual({ kind: "zoom", zoom: 1.5 });
    expect(apply(at(1), "zoomOut", 12, 1.37).fit).toEqual({ kind: "zoom", zoom: 1.25 });
    expect(apply({ page: 2, fit: { kind: "zoom", zoom: 2 } }, "fitPage", 12, 2)).toEqual({ page: 2, fit: { kind: "page" } });
    expect(apply(at(2), "fitWidth", 12, 2).fit).toEqual({ kind: "width" });
  });
});

describe("a failure to open", () => {
  it("is a password when pdf.js asks for one, damage otherwise", () => {
    expect(failureOf({ name: "PasswordException", code: 1 })).toBe("password");
    expect(failureOf({ name: "InvalidPDFException" })).toBe("damaged");
    expect(failureOf({ name: "ResponseException" })).toBe("damaged");
    expect(failureOf(new TypeError("x"))).toBe("damaged");
    expect(failureOf("a string")).toBe("damaged");
  });

  it("is no failure when a render was stopped on purpose", () => {
    expect(isCancelled({ name: "RenderingCancelledException" })).toBe(true);
    expect(isCancelled({ name: "InvalidPDFException" })).toBe(false);
    expect(isCancelled(null)).toBe(false);
  });
});

describe("opening a document", () => {
  it("asks pdf.js for the app's own JavaScript decoders, paths for fonts and a cap on images", () => {
    const options = openOptions("tauri://localhost/");
    expect(options.wasmUrl).toBe("tauri://localhost/pdfjs-decoders/");
    expect(openOptions("http://localhost:5173/review/1?x=2").wasmUrl).toBe("http://localhost:5173/pdfjs-decoders/");
    expect(options.useWasm).toBe(false);
    expect(options.disableFontFace).toBe(true);
    expect(options.enableXfa).toBe(false);
    expect(options.maxImageSize).toBe(MAX_IMAGE_PIXELS);
    expect(options.canvasMaxAreaInBytes).toBe(MAX_CANVAS_PIXELS * 4);
  });
});

describe("a document's actions", () => {
  it("finds script in the catalog, a page or an annotation, as pdf.js answers it", () => {
    expect(actionsOf([null, null], [])).toEqual({ scripts: false, launch: false });
    expect(actionsOf([new Map()], [{ actions: {} }])).toEqual({ scripts: false, launch: false });
    expect(actionsOf([new Map([["OpenAction", ["app.alert(1)"]]])], []).scripts).toBe(true);
    expect(actionsOf([null, { PageOpen: ["app.alert(1)"] }], []).scripts).toBe(true);
    expect(actionsOf([null], [{ actions: { Mouse_Up: ["this.submitForm()"] } }]).scripts).toBe(true);
  });

  it("finds a link to a program or a file, and not one to a web, mail or phone address", () => {
    expect(actionsOf([], [{ unsafeUrl: "calc.exe" }]).launch).toBe(true);
    expect(actionsOf([], [{ url: null, unsafeUrl: "file:///C:/Windows/system32/cmd.exe" }]).launch).toBe(true);
    expect(actionsOf([], [{ url: "https://example.com/", unsafeUrl: "https://example.com" }]).launch).toBe(false);
    expect(actionsOf([], [{ url: "mailto:a@b.mx", unsafeUrl: "mailto:a@b.mx" }, {}]).launch).toBe(false);
  });
});

describe("a page drawn in part", () => {
  it("is told by an image object pdf.js resolved with no data", () => {
    const image = { width: 1200, height: 480 };
    expect(hasUndecodedImage([["img_p0_1", image]], [["g_d0_f1", { name: "Helvetica" }]])).toBe(false);
    expect(
      hasUndecodedImage(
        [
          ["img_p0_1", image],
          ["img_p0_2", null],
        ],
        [],
      ),
    ).toBe(true);
    expect(hasUndecodedImage([], [["g_d0_img_p0_3", null]])).toBe(true);
    expect(hasUndecodedImage([], [["g_d0_f2", null]])).toBe(false);
  });
});
