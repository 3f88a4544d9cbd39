import type { Recovery } from "../bindings/Recovery";
import { useI18n } from "../i18n";
import "./RecoveryNotice.css";

/** The local records found unreadable at start: each was set aside, not replaced, and
 * the analyst is told where it went. */
export function RecoveryNotice({ recoveries, onDismiss }: { recoveries: Recovery[]; onDismiss: () => void }) {
  const { t } = useI18n();
  return (
    <div role="alert" className="notice notice-warn" data-testid="recovery-notice">
      <div className="notice-body">
        <strong>{t("recovery.title")}</strong>
        <ul className="notice-details">
          {recoveries.map((r) => (
            <li key={`${r.path}-${r.setAsideAs}`} data-testid="recovery-item">
              {t("recovery.item", { file: t(`recovery.kind.${r.kind}`), setAsideAs: r.setAsideAs })}
              {r.reason && <span className="muted small"> {t("recovery.reason", { reason: r.reason })}</span>}
              {r.path && <div className="mono small muted">{r.path}</div>}
            </li>
          ))}
        </ul>
      </div>
      <button type="button" className="button-quiet small notice-dismiss" onClick={onDismiss} aria-label={t("recovery.dismiss")} data-testid="recovery-dismiss">
        ×
      </button>
    </div>
  );
}
