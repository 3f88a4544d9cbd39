// What a screen lacks while its profile's team is out of reach: said on the screen, in
// the user's language (the reason by its code, never the driver's own words), with what
// still works. Nothing when the profile works alone or the team is connected.
import type { MessageKey } from "../../i18n";
import { useI18n } from "../../i18n";
import { errorWords } from "../../words/errorWords";
import { useTeam } from "./TeamContext";

export function TeamOffline({ missing }: { missing: MessageKey }) {
  const { t } = useI18n();
  const { status } = useTeam();
  if (!status?.configured || status.connected) return null;
  return (
    <div className="notice notice-warn" role="status" data-testid="team-offline-notice">
      <div className="notice-body">
        <strong>{status.problem ? errorWords(status.problem, t).title : t("team.offline.title")}</strong>
        <p>
          {t(missing)} {t("team.offlineHint")}
        </p>
      </div>
    </div>
  );
}
