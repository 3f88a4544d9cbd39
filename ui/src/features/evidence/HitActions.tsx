import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";

import * as commands from "../../api/commands";
import { keys } from "../../api/queries";
import type { AppError } from "../../bindings/AppError";
import type { Hit } from "../../bindings/Hit";
import type { HitVerdict } from "../../bindings/HitVerdict";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useI18n } from "../../i18n";
import { FORMAT_NAME, ROLE_NAME, VERDICT_NAME } from "../risklists/lists";

/** A hit in words (who, on which list and row, how alike), and the analyst's
 * disposition of it: a true match or a false positive, with a reason, kept in the audit
 * log. A false positive is not raised again for that party and row. */
export function HitActions({ hit, documentId }: { hit: Hit; documentId: string | undefined }) {
  const { t } = useI18n();
  const id = useId();
  const client = useQueryClient();
  const [verdict, setVerdict] = useState<HitVerdict | null>(null);
  const [reason, setReason] = useState("");
  const dispose = useMutation({
    mutationFn: (v: HitVerdict) =>
      commands.disposeHit({
        documentId: documentId ?? "",
        list: hit.list,
        row: hit.row,
        partyKey: hit.partyKey,
        party: hit.party,
        verdict: v,
        reason,
      }),
    onSuccess: () => {
      setVerdict(null);
      if (documentId) void client.invalidateQueries({ queryKey: keys.reviewMaterial(documentId) });
    },
  });
  const what = t("hit.what", {
    role: hit.roles.map((r) => t(ROLE_NAME[r])).join(", "),
    party: hit.party,
    list: t(FORMAT_NAME[hit.list]),
    listed: hit.listedName,
    row: hit.row,
    score: hit.score,
  });
  return (
    <div className="hit" data-testid="hit" data-row={hit.row}>
      <p className="small">
        {what}
        {hit.matchedOn === "rfc" && ` ${t("hit.byRfc")}`}
        {hit.listStatus && ` · ${hit.listStatus}`}
      </p>
      {hit.disposition ? (
        <p className="small muted" data-testid="hit-disposition">
          {t("hit.disposed", { verdict: t(VERDICT_NAME[hit.disposition.verdict]), by: hit.disposition.by, reason: hit.disposition.reason })}
        </p>
      ) : documentId === undefined ? null : verdict === null ? (
        <div className="hit-actions">
          <button type="button" className="button small" onClick={() => setVerdict("false_positive")} data-testid="hit-false-positive">
            {t("hit.falsePositive")}
          </button>
          <button type="button" className="button-quiet small" onClick={() => setVerdict("true_match")} data-testid="hit-true-match">
            {t("hit.trueMatch")}
          </button>
        </div>
      ) : (
        <form
          className="hit-form"
          onSubmit={(event) => {
            event.preventDefault();
            dispose.mutate(verdict);
          }}
        >
          <label className="field-label" htmlFor={`${id}-reason`}>
            {t("hit.reason", { verdict: t(VERDICT_NAME[verdict]) })}
          </label>
          <textarea
            id={`${id}-reason`}
            className="input"
            rows={2}
            maxLength={500}
            required
            // biome-ignore lint/a11y/noAutofocus: the form opens on the analyst's click, for typing the reason.
            autoFocus
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            data-testid="hit-reason"
          />
          {dispose.error && <ErrorNotice error={dispose.error as AppError} />}
          <div className="hit-actions">
            <button type="submit" className="button small" disabled={dispose.isPending || reason.trim() === ""} data-testid="hit-confirm">
              {t("hit.confirm")}
            </button>
            <button type="button" className="button-quiet small" onClick={() => setVerdict(null)}>
              {t("hit.cancel")}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
