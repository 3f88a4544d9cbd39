import { useState } from "react";

import * as commands from "../api/commands";
import type { AppError } from "../bindings/AppError";
import { useI18n } from "../i18n";
import { ErrorNotice } from "./ErrorNotice";

/** Copies `text` to the system clipboard (through the backend), and says so. */
export function CopyButton({ text, testId }: { text: string; testId?: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  return (
    <>
      <button
        type="button"
        className="button-quiet small"
        data-testid={testId}
        onClick={() =>
          commands.copyText(text).then(
            () => {
              setCopied(true);
              setError(null);
            },
            (e: AppError) => setError(e),
          )
        }
      >
        {copied ? t("result.copied") : t("result.copy")}
      </button>
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
    </>
  );
}
