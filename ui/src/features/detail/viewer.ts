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
