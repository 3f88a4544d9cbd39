import { type FormEvent, type ReactNode, useState } from "react";
import { asAppError } from "../../api/appError";
import * as commands from "../../api/commands";
import type { AppError } from "../../bindings/AppError";
import type { Profile } from "../../bindings/Profile";
import type { WatchedFile } from "../../bindings/WatchedFile";
import { useI18n } from "../../i18n";
import { useFollow } from "./useWatchlist";

/** Follows a file by its flow and RFC, or many from a CSV file. */
export function AddFile(props: {
  profile: Profile;
  /** The followed file of this flow and RFC, if there is one. */
  followed: (flowId: string, rfc: string) => WatchedFile | null;
  /** Following a file that is followed already: nothing is asked, the view says so. */
  onAlready: (file: WatchedFile) => void;
  onAdded: () => void;
  /** The service's first answer about the file just followed: found (its row is read
   * again with what it said) or not found (the user is told at once, not by a row). */
  onFirstAnswer: (flowId: string, rfc: string, found: boolean) => void;
  onImport: (file: File | undefined, flowId: string) => void;
  onError: (error: AppError) => void;
  /** More of the list's actions, at the end of the line (the list's export). */
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const [flowId, setFlowId] = useState(props.profile.flows[0]?.flowId ?? "");
  const [rfc, setRfc] = useState("");
  const follow = useFollow();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const known = props.followed(flowId, rfc);
    if (known) {
      props.onAlready(known);
      setRfc("");
      return;
    }
    let list: WatchedFile[];
    try {
      // The list answered is the watchlist's query's now (useFollow).
      list = await follow.mutateAsync({ flowId, rfc });
      props.onAdded();
      setRfc("");
    } catch (e) {
      props.onError(asAppError(e));
      return;
    }
    // Asked at once, so a file the service does not know is said now, not found out
    // later as a silent row. Any other failure stays the row's, as at a refresh.
    const added = list.find((f) => f.flowId === flowId.trim() && f.rfc === rfc.trim().toUpperCase());
    if (!added) return;
    commands.tracking(added.flowId, added.rfc).then(
      () => props.onFirstAnswer(added.flowId, added.rfc, true),
      (e: unknown) => {
        if (asAppError(e).code === "not_found") props.onFirstAnswer(added.flowId, added.rfc, false);
      },
    );
  };

  return (
    <form className="toolbar watch-follow" onSubmit={submit} aria-label={t("addTitle")}>
      <strong className="toolbar-title">{t("addTitle")}</strong>
      <select className="input" aria-label={t("flow")} value={flowId} onChange={(e) => setFlowId(e.target.value)}>
        {props.profile.flows.map((flow) => (
          <option key={flow.flowId} value={flow.flowId}>
            {flow.label}
          </option>
        ))}
      </select>
      <input
        className="input mono"
        aria-label={t("rfc")}
        placeholder={t("rfc")}
        value={rfc}
        maxLength={13}
        onChange={(e) => setRfc(e.target.value.toUpperCase())}
        data-testid="add-rfc"
      />
      <button type="submit" className="button" disabled={follow.isPending || !rfc.trim() || !flowId}>
        {t("add")}
      </button>
      <label className="button-quiet file-button">
        {t("importCsv")}
        <input
          type="file"
          accept=".csv,text/csv,text/plain"
          className="visually-hidden"
          onChange={(e) => {
            props.onImport(e.target.files?.[0], flowId);
            e.target.value = "";
          }}
        />
      </label>
      {props.children}
    </form>
  );
}
