import type { KeyStatus } from "../../bindings/KeyStatus";
import { useI18n } from "../../i18n";
import { MISSING } from "../../words/text";

/** The key was given for another address than the profile's now: the backend holds it
 * back until the analyst says it may go there, or types a key again. */
export function KeyOriginWarning(props: { status: KeyStatus; onConfirm: () => void; onReenter: () => void }) {
  const { t } = useI18n();
  const { boundOrigin, profileOrigin } = props.status;
  const bound = boundOrigin || t("profiles.originUnknown");
  return (
    <div className="notice notice-warn" role="note" data-testid="key-origin-warning">
      <div className="notice-body">
        <strong>{t("profiles.originTitle")}</strong>
        <p>{profileOrigin ? t("profiles.originChanged", { bound, current: profileOrigin }) : t("profiles.originNoAddress", { bound })}</p>
        <div className="row">
          {profileOrigin && (
            <button type="button" className="button-primary small" onClick={props.onConfirm} data-testid="confirm-key-origin">
              {t("profiles.originSend", { origin: profileOrigin })}
            </button>
          )}
          <button type="button" className="button-quiet small" onClick={props.onReenter} data-testid="reenter-key">
            {t("profiles.originReenter")}
          </button>
        </div>
      </div>
    </div>
  );
}

/** The confirmation's body: both addresses, spelled out. */
export function KeyOriginChange({ status }: { status: KeyStatus }) {
  const { t } = useI18n();
  return (
    <>
      <p>{t("profiles.originConfirmBody")}</p>
      <dl className="facts" data-testid="key-origin-change">
        <dt>{t("profiles.originFrom")}</dt>
        <dd className="mono">{status.boundOrigin || t("profiles.originUnknown")}</dd>
        <dt>{t("profiles.originTo")}</dt>
        <dd className="mono">{status.profileOrigin ?? MISSING}</dd>
      </dl>
    </>
  );
}
