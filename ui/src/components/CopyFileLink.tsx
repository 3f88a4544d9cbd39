import { useState } from "react";

import * as commands from "../api/commands";
import type { AppError } from "../bindings/AppError";
import { useI18n } from "../i18n";
import { ErrorNotice } from "./ErrorNotice";

/** Copies the link to a file (`kybdesk://expediente/…`), to paste into a chat: whoever
 * clicks it with KYB Desk open lands on the file's tracking. A plain button, so Tab and
 * Enter reach it like any other. */
export function CopyFileLink({ documentId }: { documentId: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState<string | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  return (
    <>
      <button
        type="button"
        className="button-quiet"
        data-testid="copy-file-link"
        title={copied ?? t("fileLink.hint")}
        onClick={() =>
          commands.copyFileLink(documentId).then(
            (link) => {
              setCopied(link);
              setError(null);
            },
            (e: AppError) => setError(e),
          )
        }
      >
        {copied ? t("fileLink.copied") : t("fileLink.copy")}
      </button>
      <span className="visually-hidden" role="status">
        {copied ? t("fileLink.copied") : ""}
      </span>
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
    </>
  );
}
