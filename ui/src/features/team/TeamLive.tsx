// Whether this desk hears the other desks now, on every screen of a team's profile: live,
// connected but not hearing (a change is then seen at the next read only), or the team
// out of reach. Said the moment listening ends, so that a window never shows the team
// as live while it is not.
import { useI18n } from "../../i18n";
import { useTeam } from "./TeamContext";

export function TeamLive() {
  const { t } = useI18n();
  const { status, listening } = useTeam();
  if (!status?.configured) return null;
  const state = !status.connected ? "offline" : listening ? "live" : "quiet";
  return (
    <p className={`team-live team-live-${state}`} role="status" data-testid="team-live" data-state={state}>
      {t(state === "live" ? "team.live.on" : state === "quiet" ? "team.live.off" : "team.live.offline")}
    </p>
  );
}
