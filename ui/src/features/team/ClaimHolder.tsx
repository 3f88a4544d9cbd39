// Who holds a file's claim, for a file's tracking page in a team: the member reviewing
// it (or this desk) and until when the lease runs, from the team's queue the watchlist
// reads too. Outside a team (or away from it) nothing is shown.
import * as backend from "../../api/backend";
import { useI18n } from "../../i18n";
import { useConnectedTeam, useLeaseEnds, useTeamData } from "./TeamContext";
import { clock } from "./words";

export function ClaimHolder({ documentId }: { documentId: string }) {
  const { t, locale } = useI18n();
  const team = useConnectedTeam();
  const queue = useTeamData(() => (team ? backend.teamQueue("all") : Promise.resolve(null)), team ? (team.member ?? "") : "");
  // A lease that runs out leaves within seconds (the database tells no one).
  useLeaseEnds(team ? queue.value?.claims : null, queue.reload);
  if (!team || !queue.value) return null;
  const claim = queue.value.claims.find((c) => c.documentId.toLowerCase() === documentId.toLowerCase());
  if (!claim) {
    return (
      <p className="muted small" data-testid="claim-holder" data-held="false">
        {t("team.holder.none")}
      </p>
    );
  }
  const when = { since: clock(claim.since, locale), until: clock(claim.leaseUntil, locale) };
  return (
    <p className="notice" role="status" data-testid="claim-holder" data-held="true">
      {claim.member === queue.value.me ? t("team.holder.mine", when) : t("team.holder.other", { member: claim.member, ...when })}
    </p>
  );
}
