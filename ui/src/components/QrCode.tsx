import { generate } from "lean-qr";
import { toSvgDataURL } from "lean-qr/extras/svg";
import { useMemo } from "react";
import "./QrCode.css";

/** A QR code of `text`, for a phone's camera, drawn as an SVG image (the CSP allows
 * `data:` images). lean-qr, because it neither touches built-in prototypes (the window
 * freezes them) nor needs a canvas. */
export function QrCode({ text, label }: { text: string; label: string }) {
  const src = useMemo(() => toSvgDataURL(generate(text), { on: "black", off: "white" }), [text]);
  return <img className="qr" src={src} alt={label} data-testid="qr" />;
}
