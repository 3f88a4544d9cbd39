import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";

import * as commands from "../../api/commands";
import { keys } from "../../api/queries";
import type { AppError } from "../../bindings/AppError";
import type { SavedDossier } from "../../bindings/SavedDossier";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useI18n } from "../../i18n";

/** A file's dossier for an auditor (docs/DOSSIER.md), built by the backend and saved where
 * the analyst chooses. Building it reads the file, fetches its evidence and writes the
 * ZIP, which takes a moment: the button says so meanwhile and cannot be pressed twice. */
export function DossierExport(props: { flowId: string; rfc: string; documentId: string }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<SavedDossier | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  // The documents themselves make the ZIP as large as they are; their hashes are in it either way.
  const [withDocuments, setWithDocuments] = useState(false);
  const start = () => {
    setBusy(true);
    setError(null);
    setSaved(null);
    commands
      .exportDossier(props.flowId, props.rfc, props.documentId, withDocuments)
      .then((answer) => {
        if (!answer) return;
        setSaved(answer);
        // The export is an entry of the audit log.
        void queryClient.invalidateQueries({ queryKey: keys.audit() });
      }, setError)
      .finally(() => setBusy(false));
  };
  return (
    <div className="dossier-export" data-testid="dossier">
      <button type="button" className="button-quiet" onClick={start} disabled={busy} aria-busy={busy} data-testid="export-dossier">
        {busy ? t("dossier.busy") : t("dossier.export")}
      </button>
      <label className="check">
        <input
          type="checkbox"
          checked={withDocuments}
          disabled={busy}
          onChange={(e) => setWithDocuments(e.target.checked)}
          data-testid="dossier-with-documents"
        />{" "}
        {t("dossier.withDocuments")}
      </label>
      {busy && (
        <p className="notice" role="status" data-testid="dossier-progress">
          {t("dossier.progress")}
        </p>
      )}
      {saved && (
        <p className="notice notice-ok" role="status" data-testid="dossier-saved">
          {t("dossier.saved", { path: saved.path, documents: saved.documents, entries: saved.entries })}
          <br />
          <span className="mono small" data-testid="dossier-digest">
            {t("dossier.digest", { digest: saved.digest })}
          </span>
        </p>
      )}
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
    </div>
  );
}
