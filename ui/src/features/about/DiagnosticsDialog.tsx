import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import * as commands from "../../api/commands";
import { queries } from "../../api/queries";
import type { AppError } from "../../bindings/AppError";
import type { DiagnosticsBundle } from "../../bindings/DiagnosticsBundle";
import type { Withheld } from "../../bindings/Withheld";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Modal } from "../../components/Modal";
import { type MessageKey, useI18n } from "../../i18n";

const KINDS: Record<Withheld, MessageKey> = {
  rfc: "diagnostics.kind.rfc",
  curp: "diagnostics.kind.curp",
  email: "diagnostics.kind.email",
  folio: "diagnostics.kind.folio",
  id: "diagnostics.kind.id",
  key: "diagnostics.kind.key",
  value: "diagnostics.kind.value",
  home: "diagnostics.kind.home",
};

/** What "Export diagnostics" will write, section by section, before it is written:
 * the desk gathers and scrubs the bundle (in Rust) and saves exactly the one shown
 * here. Each long section scrolls on its own and takes the keyboard's focus; Escape
 * closes. */
export function DiagnosticsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const preview = useQuery(queries.diagnostics());
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Escape closes (not while saving); the focus goes back to "Exportar diagnóstico…".
  const save = () => {
    setSaving(true);
    setError(null);
    commands
      .saveDiagnostics()
      .then((path) => path && setSaved(path), setError)
      .finally(() => setSaving(false));
  };
  return (
    <Modal className="diagnostics-dialog" labelledBy="diagnostics-title" initialFocus={heading} busy={saving} onCancel={onClose} testId="diagnostics">
      <h3 id="diagnostics-title" ref={heading} tabIndex={-1}>
        {t("diagnostics.title")}
      </h3>
      <p className="muted small">{t("diagnostics.intro")}</p>
      {preview.isPending && <div className="empty">{t("diagnostics.gathering")}</div>}
      {preview.isError && <ErrorNotice error={preview.error} />}
      {preview.data && <Sections bundle={preview.data} />}
      {saved && (
        <div className="notice notice-ok" role="status" data-testid="diagnostics-saved">
          {t("diagnostics.saved", { path: saved })}
        </div>
      )}
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
      <div className="dialog-actions">
        <button type="button" className="button-quiet" onClick={onClose} disabled={saving}>
          {t("diagnostics.close")}
        </button>
        <button type="button" className="button-primary" onClick={save} disabled={!preview.data || saving} data-testid="diagnostics-save">
          {t("diagnostics.save")}
        </button>
      </div>
    </Modal>
  );
}

function Sections({ bundle }: { bundle: DiagnosticsBundle }) {
  const { t } = useI18n();
  const withheld = (Object.entries(bundle.withheld) as [Withheld, number][]).filter(([, n]) => n > 0);
  return (
    <div className="diagnostics-sections">
      <section aria-labelledby="diag-version" data-testid="diagnostics-version">
        <h4 id="diag-version">{t("diagnostics.version")}</h4>
        <dl className="facts">
          <dt>{t("diagnostics.appVersion")}</dt>
          <dd className="mono">{bundle.version.appVersion}</dd>
          <dt>{t("diagnostics.createdAt")}</dt>
          <dd className="mono">{bundle.createdAtUtc}</dd>
        </dl>
      </section>
      <section aria-labelledby="diag-platform" data-testid="diagnostics-platform">
        <h4 id="diag-platform">{t("diagnostics.platform")}</h4>
        <dl className="facts">
          <dt>{t("diagnostics.os")}</dt>
          <dd className="mono">{bundle.platform.os}</dd>
          <dt>{t("diagnostics.arch")}</dt>
          <dd className="mono">{bundle.platform.arch}</dd>
          <dt>{t("diagnostics.osRelease")}</dt>
          <dd>{bundle.platform.osRelease ?? t("diagnostics.unknown")}</dd>
        </dl>
      </section>
      <section aria-labelledby="diag-logs" data-testid="diagnostics-logs">
        <h4 id="diag-logs">{t("diagnostics.logs")}</h4>
        {bundle.logs.length === 0 && <p className="muted">{t("diagnostics.noLogs")}</p>}
        {bundle.logs.map((day) => (
          <div key={day.file} data-testid="diagnostics-log-day">
            <p className="small">{t("diagnostics.logDay", { file: day.file, n: day.lines.length })}</p>
            {day.leftOut > 0 && <p className="muted small">{t("diagnostics.leftOut", { n: day.leftOut })}</p>}
            <Scrolling label={day.file} text={day.lines.join("\n")} />
          </div>
        ))}
      </section>
      <section aria-labelledby="diag-drift" data-testid="diagnostics-drift">
        <h4 id="diag-drift">{t("diagnostics.drift")}</h4>
        <Scrolling label={t("diagnostics.drift")} text={JSON.stringify(bundle.drift, null, 2)} />
      </section>
      <section aria-labelledby="diag-recoveries" data-testid="diagnostics-recoveries">
        <h4 id="diag-recoveries">{t("diagnostics.recoveries")}</h4>
        {bundle.recoveries.length === 0 ? (
          <p className="muted">{t("diagnostics.noRecoveries")}</p>
        ) : (
          <Scrolling label={t("diagnostics.recoveries")} text={JSON.stringify(bundle.recoveries, null, 2)} />
        )}
      </section>
      <section aria-labelledby="diag-withheld" data-testid="diagnostics-withheld">
        <h4 id="diag-withheld">{t("diagnostics.withheld")}</h4>
        {withheld.length === 0 ? (
          <p className="muted">{t("diagnostics.noneWithheld")}</p>
        ) : (
          <ul>
            {withheld.map(([kind, n]) => (
              <li key={kind}>
                {t(KINDS[kind])}: {n}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** A long text in its own scrolling box, reachable with Tab so that the arrow keys
 * scroll it. */
function Scrolling({ label, text }: { label: string; text: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled by keyboard (WCAG 2.1.1)
    <section className="diagnostics-text" aria-label={label} tabIndex={0}>
      <pre className="mono">{text}</pre>
    </section>
  );
}
