import { createContext, type ReactNode, useContext } from "react";

import type { AppError } from "../bindings/AppError";
import type { Failure } from "../bindings/Failure";
import { useI18n } from "../i18n";
import { errorWords, fixedInProfile } from "../words/errorWords";
import { problemText } from "../words/problems";
import "./ErrorNotice.css";

/** Opens the Profiles screen, where the key, the Workspace and the address are fixed;
 * `null` on that screen itself. */
export const ProfilesLink = createContext<(() => void) | null>(null);

/** An error in plain language: what happened (by code), what the desk was doing, the
 * service's own words, each failed rule, the facts, and what to do next. `placed` says
 * which failed rules the screen already shows beside their fields (they are not listed
 * twice); `children` adds what the screen knows of it. */
export function ErrorNotice({
  error,
  onDismiss,
  placed,
  hint,
  children,
}: {
  error: AppError;
  onDismiss?: () => void;
  placed?: (failure: Failure) => boolean;
  /** What to do, where the screen knows better than the code alone (a folio not found). */
  hint?: string | undefined;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const words = errorWords(error, t);
  // An answer may say a thing twice (or two rules may read alike): each is said once.
  const problems = [...new Set(error.problems.filter((failure) => !placed?.(failure)).map((failure) => problemText(failure, t)))];
  const details = [...new Set(words.details)];
  const openProfiles = useContext(ProfilesLink);
  return (
    <div role="alert" className="notice notice-error" data-testid="error-notice" data-code={error.code}>
      <div className="notice-body">
        <strong>{words.title}</strong>
        {words.message && <span className="notice-message"> {words.message}</span>}
        {words.task && (
          <p className="notice-task" data-testid="error-task">
            {words.task}
          </p>
        )}
        {problems.length > 0 && (
          <ul className="notice-details" data-testid="error-problems">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
        {details.length > 0 && (
          <ul className="notice-details">
            {details.map((detail) => (
              <li key={detail}>{detail}</li>
            ))}
          </ul>
        )}
        {children}
        {words.technical && (
          <details className="notice-technical" data-testid="error-technical">
            <summary>{t("error.technical")}</summary>
            <code lang="en">{words.technical}</code>
          </details>
        )}
        <div className="notice-hint">
          {t("whatToDo")}: {hint ?? words.hint}
          {openProfiles && fixedInProfile(error.code) && (
            <>
              {" "}
              <button type="button" className="button-quiet small" onClick={openProfiles} data-testid="open-profiles">
                {t("openProfiles")}
              </button>
            </>
          )}
        </div>
      </div>
      {onDismiss && (
        <button type="button" className="button-quiet" onClick={onDismiss} aria-label="×">
          ×
        </button>
      )}
    </div>
  );
}
