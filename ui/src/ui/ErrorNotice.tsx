import { createContext, useContext } from "react";

import type { AppError } from "../bindings/AppError";
import { type MessageKey, useI18n } from "../i18n";

/** Opens the Profiles screen, where the key, the Workspace and the address are fixed;
 * `null` on that screen itself. */
export const ProfilesLink = createContext<(() => void) | null>(null);

/** The errors whose fix is in the profile. */
const FIXED_IN_PROFILE = new Set<string>([
  "unauthorized",
  "workspace_forbidden",
  "no_profile",
  "no_api_key",
  "key_origin_changed",
  "keyring_unavailable",
  "no_address",
]);

/** Whether an error (by its code) is fixed in the profile: a key, a Workspace, an address,
 * the address a key may go to. */
export function fixedInProfile(code: string | null): code is AppError["code"] {
  return code !== null && FIXED_IN_PROFILE.has(code);
}

/** An error in plain language: what happened (by code), the service's own words, each
 * failed rule, and what to do next. */
export function ErrorNotice({ error, onDismiss }: { error: AppError; onDismiss?: () => void }) {
  const { t } = useI18n();
  const title = t(`error.${error.code}` as MessageKey);
  const hint = t(`hint.${error.code}` as MessageKey);
  const openProfiles = useContext(ProfilesLink);
  return (
    <div role="alert" className="notice notice-error" data-testid="error-notice" data-code={error.code}>
      <div className="notice-body">
        <strong>{title}</strong>
        {error.message && error.message !== title && <span className="notice-message"> {error.message}</span>}
        {error.details.length > 0 && (
          <ul className="notice-details">
            {error.details.map((detail) => (
              <li key={detail}>{detail}</li>
            ))}
          </ul>
        )}
        <div className="notice-hint">
          {t("whatToDo")}: {hint}
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
