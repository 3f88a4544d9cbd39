import type { AppError } from "../../bindings/AppError";
import type { VerificationState } from "../../bindings/VerificationState";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useI18n } from "../../i18n";
import { shownInstant } from "../../words/format";
import { statusWords } from "./words";

/** A resend or cancel whose outcome is unknown, and the verification read again to tell. */
export interface Uncertain {
  action: "resend" | "cancel";
  reread: { state: "reading" } | { state: "read"; value: VerificationState } | { state: "failed"; error: AppError };
}

export function UnknownOutcome({ uncertain, onReread }: { uncertain: Uncertain; onReread: () => void }) {
  const { t, locale } = useI18n();
  const { reread } = uncertain;
  const resend = uncertain.action === "resend";
  return (
    <div role="alert" className="notice notice-warn" data-testid="outcome-unknown">
      <div className="notice-body">
        <strong>{t(resend ? "ver.unknown.resend" : "ver.unknown.cancel")}</strong>
        {reread.state === "reading" && <p>{t("ver.unknown.reading")}</p>}
        {reread.state === "read" && (
          <>
            <p data-testid="reread-now">
              {t("ver.unknown.now", {
                status: statusWords(reread.value.verification.VerificationStatus, t),
                sent: shownInstant(reread.value.verification.SentAtUtc, locale),
              })}
            </p>
            <p>{t(resend ? "ver.unknown.resendHint" : "ver.unknown.cancelHint")}</p>
          </>
        )}
        {reread.state === "failed" && (
          <>
            <p data-testid="reread-failed">{t("ver.unknown.failed")}</p>
            <ErrorNotice error={reread.error} />
            <button type="button" className="button-quiet small" onClick={onReread} data-testid="reread-again">
              {t("ver.unknown.readAgain")}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
