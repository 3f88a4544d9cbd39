import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { loadOf } from "../../api/load";
import { queries } from "../../api/queries";
import type { EvidenceFile } from "../../bindings/EvidenceFile";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useI18n } from "../../i18n";
import { paintedSince } from "../../perf";
import { FitStage } from "../detail/FitStage";
import { initialView, rotate, type View, zoom } from "../detail/viewer";
import "../../i18n/evidence";

// pdf.js is its own chunk, fetched the first time a PDF is shown.
const PdfViewer = lazy(() => import("./PdfViewer"));

/** The file behind a handle of the evidence: asked of the backend (which fetches it under
 * its rules and judges it by its first bytes), then shown in the window: a PDF in the
 * PDF viewer, an image in a fitted stage. Never opened by another program. */
export function EvidenceFileView({ handle, label }: { handle: string; label: string }) {
  const { t } = useI18n();
  const opened = loadOf(useQuery(queries.evidenceFile(handle)));
  if (opened.state === "loading") return <div className="empty small">{t("evidence.loadingFile")}</div>;
  if (opened.state === "failed")
    return (
      <div data-testid="evidence-file-error">
        <ErrorNotice error={opened.error} />
      </div>
    );
  return <OpenedFile file={opened.value.file} bytes={opened.value.bytes} label={label} />;
}

/** A file opened: its facts, and the file itself. What the PDF carries is what the
 * backend found in its bytes or what pdf.js found once it read it, whichever says more
 * (the backend's scan cannot see inside compressed streams). */
function OpenedFile({ file, bytes, label }: { file: EvidenceFile; bytes: Uint8Array; label: string }) {
  const { t } = useI18n();
  const [found, setFound] = useState({ scripts: false, launch: false });
  const shown: EvidenceFile = file.pdf
    ? { ...file, pdf: { ...file.pdf, scripts: file.pdf.scripts || found.scripts, launch: file.pdf.launch || found.launch } }
    : file;
  return (
    <div className="evidence-file" data-testid="evidence-file" data-kind={file.kind}>
      <FileFacts file={shown} />
      {file.kind === "pdf" ? (
        <Suspense fallback={<div className="empty small">{t("loading")}</div>}>
          <PdfViewer
            bytes={bytes}
            label={label}
            onPainted={() => paintedSince("evidence")}
            onActions={(next) => setFound((now) => ({ scripts: now.scripts || next.scripts, launch: now.launch || next.launch }))}
          />
        </Suspense>
      ) : (
        <ImageView bytes={bytes} kind={file.kind} label={label} />
      )}
    </div>
  );
}

function FileFacts({ file }: { file: EvidenceFile }) {
  const { t } = useI18n();
  return (
    <div className="evidence-facts">
      <span className="chip">{file.kind.toUpperCase()}</span>
      <span className="muted small">{t("evidence.size", { kb: Math.max(1, Math.round(file.size / 1024)) })}</span>
      <span className="muted small mono" title={file.sha256} data-testid="evidence-sha256">
        SHA-256 {file.sha256.slice(0, 16)}…
      </span>
      {file.pdf?.scripts && (
        <span className="chip chip-warn" data-testid="evidence-scripts" title={t("evidence.scriptsHint")}>
          {t("evidence.scripts")}
        </span>
      )}
      {file.pdf?.launch && (
        <span className="chip chip-warn" data-testid="evidence-launch" title={t("evidence.scriptsHint")}>
          {t("evidence.launch")}
        </span>
      )}
    </div>
  );
}

const MIME = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp", pdf: "application/pdf" } as const;

/** The bytes as a `data:` URL, the only kind of image the window's CSP allows besides its own. */
function dataUrl(bytes: Uint8Array, kind: keyof typeof MIME): string {
  let binary = "";
  const step = 0x8000;
  for (let i = 0; i < bytes.length; i += step) binary += String.fromCharCode(...bytes.subarray(i, i + step));
  return `data:${MIME[kind]};base64,${btoa(binary)}`;
}

/** An image of the evidence, whole at first (fit), with zoom and rotation from buttons and
 * keys (+, −, r, 0) while the focus is in it. */
function ImageView({ bytes, kind, label }: { bytes: Uint8Array; kind: keyof typeof MIME; label: string }) {
  const { t } = useI18n();
  const [view, setView] = useState<View>(initialView);
  const [src, setSrc] = useState("");
  useEffect(() => setSrc(dataUrl(bytes, kind)), [bytes, kind]);
  const onKey = (event: React.KeyboardEvent) => {
    const act: Record<string, () => void> = {
      "+": () => setView((v) => zoom(v, 1)),
      "=": () => setView((v) => zoom(v, 1)),
      "-": () => setView((v) => zoom(v, -1)),
      r: () => setView(rotate),
      "0": () => setView(initialView),
    };
    const action = act[event.key];
    if (action && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      event.stopPropagation();
      action();
    }
  };
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the image takes the focus so its keys act on it.
    <section className="evidence-image" aria-label={label} tabIndex={0} onKeyDown={onKey} data-testid="evidence-image">
      <div className="viewer-bar">
        <span className="muted small">
          {Math.round(view.scale * 100)} % · {view.rotation}°
        </span>
        <span className="grow" />
        <button type="button" className="button-quiet small" onClick={() => setView((v) => zoom(v, -1))} aria-label={t("photos.zoomOut")}>
          −
        </button>
        <button type="button" className="button-quiet small" onClick={() => setView((v) => zoom(v, 1))} aria-label={t("photos.zoomIn")}>
          +
        </button>
        <button type="button" className="button-quiet small" onClick={() => setView(rotate)}>
          {t("photos.rotate")}
        </button>
        <button type="button" className="button-quiet small" onClick={() => setView(initialView)}>
          {t("photos.reset")}
        </button>
      </div>
      <FitStage
        className="viewer-stage evidence-stage"
        view={view}
        onWheel={(direction) => setView((v) => zoom(v, direction))}
        render={(style, onSize) =>
          src && (
            <img
              src={src}
              alt={label}
              style={style}
              draggable={false}
              onLoad={(event) => {
                onSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight });
                paintedSince("evidence");
              }}
            />
          )
        }
      />
    </section>
  );
}
