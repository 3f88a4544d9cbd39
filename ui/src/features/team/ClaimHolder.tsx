// Who holds a file's claim, for a file's tracking page in a team: the member reviewing
// it (or this desk) and until when the lease runs, from the team's queue the watchlist
// reads too. Outside a team (or away from it) nothing is shown.
import { useQuery } from "@tanstack/react-query";

import { queries } from "../../api/queries";
import { useI18n } from "../../i18n";
import { useConnectedTeam, useLeaseEnds } from "./TeamContext";
import { clock } from "./words";

export function ClaimHolder({ documentId }: { documentId: string }) {
  const { t, locale } = useI18n();
  const team = useConnectedTeam();
  const queue = useQuery({ ...queries.teamQueue("all"), enabled: Boolean(team) });
  // A lease that runs out leaves within seconds (the database tells no one).
  useLeaseEnds(team ? queue.data?.claims : null, queue.refetch);
  if (!team || !queue.data) return null;
  const claim = queue.data.claims.find((c) => c.documentId.toLowerCase() === documentId.toLowerCase());
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
      {claim.member === queue.data.me ? t("team.holder.mine", when) : t("team.holder.other", { member: claim.member, ...when })}
    </p>
  );
}
