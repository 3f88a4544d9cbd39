// The photo viewer's state: a zoom between 25 % and 800 % in steps of a quarter (of the
// current size), and a rotation in quarter turns.
export interface View {
  scale: number;
  rotation: 0 | 90 | 180 | 270;
}

export const initialView: View = { scale: 1, rotation: 0 };
export const MIN_SCALE = 0.25;
export const MAX_SCALE = 8;

export function zoom(view: View, direction: 1 | -1): View {
  const next = direction > 0 ? view.scale * 1.25 : view.scale / 1.25;
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.round(next * 1000) / 1000));
  return { ...view, scale };
}

export function rotate(view: View): View {
  return { ...view, rotation: ((view.rotation + 90) % 360) as View["rotation"] };
}

export interface Size {
  width: number;
  height: number;
}

/** The stage's inner size in whole pixels, from its drawn box (fractional) and its
 * rounded offset and client sizes (their difference is a scrollbar). `clientWidth`
 * rounds to the nearest pixel: a stage 454.8 px tall reads 455, a photo fitted to that
 * overflows by a fraction, and WebKitGTK then shows a scrollbar that shrinks the stage
 * and moves the fit again. Rounded down, the fitted photo never overflows. */
export function innerSize(box: Size, offset: Size, client: Size): Size {
  const inner = (drawn: number, outer: number, inside: number) => Math.max(0, Math.floor(drawn) - Math.max(0, outer - inside));
  return { width: inner(box.width, offset.width, client.width), height: inner(box.height, offset.height, client.height) };
}

/** Where the photo is drawn in the stage: the box it is laid out in (before rotation)
 * and the canvas that scrolls when a zoom makes it larger than the stage. */
export interface Placement {
  /** The scrollable canvas: the stage's size, or the turned photo's when larger. */
  canvas: Size;
  /** The photo's own box, before it turns about its centre. */
  width: number;
  height: number;
  left: number;
  top: number;
}

/** "Fit" (100 %) is the whole photo in the stage, as large as it goes, for any shape and
 * any quarter turn (a turned photo swaps its sides); the zoom multiplies that. Computed
 * in pixels from the measured stage and the photo's natural size: a percentage height on
 * an image resolves to auto in WebKitGTK, which drew photos larger than the stage. */
export function place(photo: Size, stage: Size, view: View): Placement {
  const turned = view.rotation === 90 || view.rotation === 270;
  const across = turned ? photo.height : photo.width;
  const down = turned ? photo.width : photo.height;
  const fit = across > 0 && down > 0 ? Math.min(stage.width / across, stage.height / down) : 0;
  const width = photo.width * fit * view.scale;
  const height = photo.height * fit * view.scale;
  const drawn: Size = turned ? { width: height, height: width } : { width, height };
  const canvas: Size = { width: Math.max(stage.width, drawn.width), height: Math.max(stage.height, drawn.height) };
  return { canvas, width, height, left: (canvas.width - width) / 2, top: (canvas.height - height) / 2 };
}
