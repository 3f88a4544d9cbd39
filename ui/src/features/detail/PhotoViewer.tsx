import { useQuery } from "@tanstack/react-query";
import { type CSSProperties, useEffect, useRef, useState } from "react";

import { loadOf } from "../../api/load";
import { queries } from "../../api/queries";
import { Modal } from "../../components/Modal";
import { OpenLinkButton } from "../../components/OpenLinkButton";
import { useNear } from "../../hooks/useNear";
import { useI18n } from "../../i18n";
import { errorSummary } from "../../words/errorWords";
import { FitStage } from "./FitStage";
import { initialView, rotate, type Size, type View, zoom } from "./viewer";

export interface Photo {
  url: string;
  /** "Interior 1", "Exterior 2"… */
  caption: string;
}

/** A branch's photos as thumbnails; one opens in a viewer with zoom and rotation. The
 * thumbnails are fetched once the strip nears the screen: a file with 30 branches
 * asks for the few photos in view, not 120 at once. */
export function PhotoStrip({ photos }: { photos: Photo[] }) {
  const { t } = useI18n();
  const [open, setOpen] = useState<number | null>(null);
  const strip = useRef<HTMLUListElement>(null);
  const near = useNear(strip);
  if (photos.length === 0) return <p className="muted">{t("photos.none")}</p>;
  return (
    <>
      <ul className="photo-strip" ref={strip}>
        {photos.map((photo, index) => (
          <li key={`${photo.url}-${index}`}>
            <button
              type="button"
              className="photo-thumb"
              onClick={() => setOpen(index)}
              aria-label={t("photos.open", { caption: photo.caption })}
              data-testid="photo-thumb"
            >
              {near ? <Picture url={photo.url} alt={photo.caption} thumbnail /> : <span className="photo-placeholder" />}
              <span className="photo-caption">{photo.caption}</span>
            </button>
          </li>
        ))}
      </ul>
      {open !== null && <PhotoViewer photos={photos} start={open} onClose={() => setOpen(null)} />}
    </>
  );
}

function Picture({
  url,
  alt,
  style,
  onSize,
  thumbnail = false,
}: {
  url: string;
  alt: string;
  style?: CSSProperties;
  onSize?: (size: Size) => void;
  /** Decoded off the main thread: a thumbnail can appear a moment later. */
  thumbnail?: boolean;
}) {
  const { t } = useI18n();
  const image = loadOf(useQuery(queries.image(url)));
  if (image.state === "loading") return <span className="photo-placeholder">{t("loading")}</span>;
  if (image.state === "failed")
    return (
      <span className="photo-placeholder photo-failed" title={errorSummary(image.error, t)}>
        {t("photos.failed")}
      </span>
    );
  return (
    <img
      src={image.value}
      alt={alt}
      style={style}
      draggable={false}
      decoding={thumbnail ? "async" : undefined}
      onLoad={onSize && ((event) => onSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight }))}
    />
  );
}

/** Keys: + and − zoom, R rotates, 0 resets, ← → move between photos, Esc closes. */
function PhotoViewer({ photos, start, onClose }: { photos: Photo[]; start: number; onClose: () => void }) {
  const { t } = useI18n();
  const [index, setIndex] = useState(start);
  const [view, setView] = useState<View>(initialView);
  const photo = photos[index] ?? photos[0];
  const go = (step: number) => {
    setIndex((i) => (i + step + photos.length) % photos.length);
    setView(initialView);
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const act = new Map<string, () => void>([
        ["Escape", onClose],
        ["+", () => setView((v) => zoom(v, 1))],
        ["=", () => setView((v) => zoom(v, 1))],
        ["-", () => setView((v) => zoom(v, -1))],
        ["r", () => setView(rotate)],
        ["R", () => setView(rotate)],
        ["0", () => setView(initialView)],
        ["ArrowRight", () => go(1)],
        ["ArrowLeft", () => go(-1)],
      ]);
      const action = act.get(event.key);
      if (action) {
        event.preventDefault();
        event.stopPropagation();
        action();
      }
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  });
  const close = useRef<HTMLButtonElement>(null);
  if (!photo) return null;
  return (
    <Modal
      className="viewer"
      label={photo.caption}
      initialFocus={close}
      onCancel={onClose}
      closeOnBackdrop
      testId="photo-viewer"
      // The screen below (a review's a, r, v, j/k) hears none of the viewer's keys.
      onKeyDown={(event) => event.stopPropagation()}
    >
      <div className="viewer-bar">
        <strong>{photo.caption}</strong>
        <span className="muted">
          {index + 1} / {photos.length} · {Math.round(view.scale * 100)} % · {view.rotation}°
        </span>
        <span className="grow" />
        <button type="button" className="button-quiet small" onClick={() => setView((v) => zoom(v, -1))} aria-label={t("photos.zoomOut")}>
          −
        </button>
        <button type="button" className="button-quiet small" onClick={() => setView((v) => zoom(v, 1))} aria-label={t("photos.zoomIn")} data-testid="zoom-in">
          +
        </button>
        <button type="button" className="button-quiet small" onClick={() => setView(rotate)} data-testid="rotate">
          {t("photos.rotate")}
        </button>
        <button type="button" className="button-quiet small" onClick={() => setView(initialView)}>
          {t("photos.reset")}
        </button>
        <OpenLinkButton url={photo.url}>{t("openFile")}</OpenLinkButton>
        <button ref={close} type="button" className="button-quiet small" onClick={onClose} aria-label={t("photos.close")}>
          ×
        </button>
      </div>
      <Stage photo={photo} view={view} onWheel={(direction) => setView((v) => zoom(v, direction))} />
      {photos.length > 1 && (
        <div className="dialog-actions">
          <button type="button" className="button-quiet" onClick={() => go(-1)}>
            ← {t("photos.previous")}
          </button>
          <button type="button" className="button-quiet" onClick={() => go(1)}>
            {t("photos.next")} →
          </button>
        </div>
      )}
      <span className="muted small">{t("photos.keys")}</span>
    </Modal>
  );
}

/** The photo in its stage (see `FitStage`). */
function Stage({ photo, view, onWheel }: { photo: Photo; view: View; onWheel: (direction: 1 | -1) => void }) {
  return <FitStage view={view} onWheel={onWheel} render={(style, onSize) => <Picture url={photo.url} alt={photo.caption} onSize={onSize} style={style} />} />;
}
