// A review in a team holds the file's claim: taken when the review opens, renewed
// while it stays open, let go when it closes (or sent: the desk lets go itself, and
// nothing is claimed again once `active` is false). While another member holds it,
// the review says who and since when; a supervisor may take it over, with a reason
// the trail keeps. When another member's claim ran out while their desk was away
// (they may hold an unsent draft), the file is not taken silently: the analyst is
// asked. Nothing here blocks typing: the draft is kept on this desk whatever the
// claim.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";

import * as commands from "../../api/commands";
import { keys } from "../../api/queries";
import type { AppError } from "../../bindings/AppError";
import type { Claim } from "../../bindings/Claim";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useI18n } from "../../i18n";
import { useConnectedTeam, useTeam } from "./TeamContext";
import { clock } from "./words";

/** A third of the lease (90 s): one lost renewal does not free a file under review. */
export const RENEW_MS = 30_000;

export function ClaimBar({ documentId, active = true }: { documentId: string; active?: boolean }) {
  const { t, locale } = useI18n();
  const { status } = useTeam();
  const team = useConnectedTeam();
  const [reason, setReason] = useState("");
  const [takingOver, setTakingOver] = useState(false);
  const connected = Boolean(team) && active;
  const queryClient = useQueryClient();
  const claimKey = keys.claim(documentId);

  // Claimed on opening, renewed while open (whether the window is in sight or not), and
  // asked again when the team changes (the other member may have let go; a supervisor
  // may have taken it over): the claim is under the team's keys. A renewal is no
  // change the team hears (migration 0003), so asking again never answers itself.
  // Never kept once the review closes: its next opening claims afresh.
  const claimed = useQuery({
    queryKey: claimKey,
    queryFn: () => commands.claimFile(documentId, false),
    enabled: connected,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: RENEW_MS,
    refetchIntervalInBackground: true,
  });
  // What the analyst's own step (taking a lapsed claim, a take-over) was refused with,
  // until the claim is asked again.
  const [own, setOwn] = useState<{ error: AppError; at: number } | null>(null);
  const askedAt = Math.max(claimed.dataUpdatedAt, claimed.errorUpdatedAt);
  const ownRefusal = own && own.at >= askedAt ? own.error : null;
  const refusal = ownRefusal ?? (claimed.isError ? claimed.error : null);
  const held: Claim | null = refusal ? null : (claimed.data ?? null);
  const step = (next: Promise<Claim>) =>
    next.then(
      (claim) => {
        setOwn(null);
        queryClient.setQueryData(claimKey, claim);
        void queryClient.invalidateQueries({ queryKey: keys.teamQueues });
      },
      (e: AppError) => setOwn({ error: e, at: Date.now() }),
    );
  const reclaim = claimed.refetch;
  // Another member's lease runs out with no notice (nothing changes in the database):
  // asked again a second after it ends, so their claim leaves this review then, not at
  // the next renewal.
  const heldUntil = refusal?.details?.type === "claimed_by_other" ? refusal.details.until : undefined;
  useEffect(() => {
    if (!connected || !heldUntil) return;
    const ends = Date.parse(heldUntil);
    if (Number.isNaN(ends)) return;
    const wait = Math.min(Math.max(ends - Date.now() + 1_000, 1_000), RENEW_MS);
    const timer = window.setTimeout(() => void reclaim(), wait);
    return () => window.clearTimeout(timer);
  }, [connected, reclaim, heldUntil]);
  // Closing the review lets the file go.
  useEffect(
    () => () => {
      if (connected)
        commands.releaseFile(documentId).then(
          () => void queryClient.invalidateQueries({ queryKey: keys.teamQueues }),
          () => undefined,
        );
    },
    [connected, documentId, queryClient],
  );

  if (!status?.configured || !active) return null;
  if (!connected) {
    return (
      <div className="notice notice-warn" role="status" data-testid="claim-offline">
        {t("team.claim.offline")}
      </div>
    );
  }
  if (held) {
    return (
      <div className="notice" role="status" data-testid="claim-held">
        {t("team.claim.held", { at: clock(held.since, locale) })}
      </div>
    );
  }
  if (!refusal) return null;
  if (refusal.code === "claim_lapsed") {
    const { holder: member = "", until = "" } = refusal.details?.type === "claim_lapsed" ? refusal.details : {};
    return (
      <div className="notice notice-warn" role="alert" data-testid="claim-lapsed">
        <strong>{t("team.claim.lapsed", { member, at: clock(until, locale) })}</strong>
        <p>{t("team.claim.lapsedHint")}</p>
        <button type="button" className="button" onClick={() => void step(commands.claimFile(documentId, true))} data-testid="claim-take-lapsed">
          {t("team.claim.takeLapsed")}
        </button>
      </div>
    );
  }
  if (refusal.code !== "claimed_by_other") return <ErrorNotice error={refusal} />;
  const { holder: member = "", since = "" } = refusal.details?.type === "claimed_by_other" ? refusal.details : {};
  return (
    <div className="notice notice-warn" role="alert" data-testid="claim-refused">
      <strong>{t("team.claim.other", { member, at: clock(since, locale) })}</strong>
      <p>{t("team.claim.otherHint")}</p>
      {status.role === "supervisor" && (
        <form
          className="row"
          onSubmit={(event) => {
            event.preventDefault();
            setTakingOver(true);
            step(commands.takeOverClaim(documentId, reason)).finally(() => setTakingOver(false));
          }}
        >
          <input
            className="input grow"
            aria-label={t("team.claim.reason")}
            placeholder={t("team.claim.reason")}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={500}
            data-testid="take-over-reason"
          />
          <button type="submit" className="button" disabled={takingOver || !reason.trim()} data-testid="take-over">
            {t("team.claim.takeOver")}
          </button>
        </form>
      )}
    </div>
  );
}
