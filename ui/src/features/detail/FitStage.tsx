import { type CSSProperties, type ReactNode, useLayoutEffect, useRef, useState } from "react";

import { innerSize, place, type Size, type View } from "./viewer";

/** A picture in its stage, placed in pixels from the stage's measured size and the
 * picture's natural one (see `place`); until both are known it is not drawn. `render`
 * draws the picture with the style it is given and reports its natural size. Used by
 * the photo viewer and the evidence pane. */
export function FitStage({
  view,
  onWheel,
  render,
  className = "viewer-stage",
}: {
  view: View;
  onWheel: (direction: 1 | -1) => void;
  render: (style: CSSProperties, onSize: (size: Size) => void) => ReactNode;
  className?: string;
}) {
  const stage = useRef<HTMLDivElement>(null);
  const [stageSize, setStageSize] = useState<Size>({ width: 0, height: 0 });
  const [natural, setNatural] = useState<Size>({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = stage.current;
    if (!element) return;
    const measure = () => {
      const box = element.getBoundingClientRect();
      const offset = { width: element.offsetWidth, height: element.offsetHeight };
      setStageSize(innerSize(box, offset, { width: element.clientWidth, height: element.clientHeight }));
    };
    measure();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => observer?.disconnect();
  }, []);
  const at = place(natural, stageSize, view);
  const known = at.width > 0 && at.height > 0;
  return (
    <div className={className} ref={stage} onWheel={(event) => onWheel(event.deltaY < 0 ? 1 : -1)} data-testid="viewer-stage">
      <div className="viewer-canvas" style={{ width: at.canvas.width, height: at.canvas.height }}>
        {render(
          {
            width: at.width,
            height: at.height,
            left: at.left,
            top: at.top,
            transform: `rotate(${view.rotation}deg)`,
            visibility: known ? "visible" : "hidden",
          },
          setNatural,
        )}
      </div>
    </div>
  );
}
