import type { AppError } from "../../bindings/AppError";
import type { CorrectionRequest } from "../../bindings/CorrectionRequest";
import { ErrorNotice } from "../../components/ErrorNotice";
import { SectionName } from "../../components/SectionName";
import { useI18n } from "../../i18n";
import type { Reread } from "./model";

/** A request that may or may not have reached the service, and the tracking read again
 * afterwards to tell. `armed`: the analyst asked once to send again without knowing. */
export interface Unknown {
  request: CorrectionRequest;
  reread: { state: "reading" } | { state: "read"; rows: Reread[] } | { state: "failed"; error: AppError };
  armed: boolean;
}

/** What is known after a correction request whose outcome is unknown: each sent
 * section's status in the fresh tracking, and whether the decisions appear applied. */
export function OutcomeUnknown({ unknown, onReread }: { unknown: Unknown; onReread: () => void }) {
  const { t } = useI18n();
  const { reread } = unknown;
  return (
    <div role="alert" className="notice notice-warn" data-testid="outcome-unknown">
      <div className="notice-body">
        <strong>{t("unknown.title")}</strong> <span>{t("unknown.draftKept")}</span>
        {reread.state === "reading" && <p data-testid="reread-reading">{t("unknown.reading")}</p>}
        {reread.state === "read" && (
          <>
            <ul className="notice-details" data-testid="reread-sections">
              {reread.rows.map((row, i) => (
                <li key={`${row.seccion}-${i}`} data-applied={row.applied}>
                  <SectionName id={row.seccion} sectionId={row.id} />
                  {": "}
                  {row.now === null ? t("unknown.rowMissing", { sent: row.sent }) : t("unknown.row", { sent: row.sent, now: row.now })}
                  {row.comments && <span className="muted"> · {row.comments}</span>}
                </li>
              ))}
            </ul>
            <p data-testid="reread-verdict">{reread.rows.every((row) => row.applied) ? t("unknown.applied") : t("unknown.notApplied")}</p>
          </>
        )}
        {reread.state === "failed" && (
          <>
            <p data-testid="reread-failed">{t("unknown.rereadFailed")}</p>
            <ErrorNotice error={reread.error} />
            <button type="button" className="button-quiet small" onClick={onReread} data-testid="reread-again">
              {t("unknown.readAgain")}
            </button>
            {unknown.armed && <p data-testid="send-again-warning">{t("unknown.armed")}</p>}
          </>
        )}
      </div>
    </div>
  );
}
