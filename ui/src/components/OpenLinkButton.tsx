import { type ReactNode, useState } from "react";

import * as commands from "../api/commands";
import type { AppError } from "../bindings/AppError";
import { ErrorNotice } from "./ErrorNotice";

/** Opens `url` in the user's browser (through the backend, which checks it first), and
 *  says why when it could not: an address refused, or no program on the desktop took it. */
export function OpenLinkButton({ url, testId, children }: { url: string; testId?: string; children: ReactNode }) {
  const [error, setError] = useState<AppError | null>(null);
  return (
    <>
      <button
        type="button"
        className="button-quiet small"
        data-testid={testId}
        onClick={() =>
          commands.openExternal(url).then(
            () => setError(null),
            (e: AppError) => setError(e),
          )
        }
      >
        {children}
      </button>
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
    </>
  );
}
