import { useState } from "react";

import * as backend from "../../api/backend";
import type { AppError } from "../../bindings/AppError";
import type { Failure } from "../../bindings/Failure";
import type { ImportReport } from "../../bindings/ImportReport";
import type { SavedCsv } from "../../bindings/SavedCsv";
import { mebibytes } from "../../ui/format";

export interface WatchlistCsv {
  /** What the last import added, found already followed, and refused. */
  imported: ImportReport | null;
  /** Where the last export was saved. */
  exported: SavedCsv | null;
  /** Imports a CSV of RFCs into a flow. */
  importFile: (file: File | undefined, flowId: string) => Promise<void>;
  /** Exports the whole list, whatever the filters show: it imports again as it is. */
  exportCsv: () => void;
}

/** The watchlist as a CSV file, both ways. */
export function useWatchlistCsv(props: {
  /** The list changed on import: it is read again. */
  onImported: () => void;
  setError: (error: AppError | null) => void;
}): WatchlistCsv {
  const { onImported, setError } = props;
  const [imported, setImported] = useState<ImportReport | null>(null);
  const [exported, setExported] = useState<SavedCsv | null>(null);

  const importFile = async (file: File | undefined, flowId: string) => {
    if (!file) return;
    try {
      // A file over the backend's limit is refused before it is read into the page, as
      // the backend would refuse its text (the sizes in MiB).
      const { maxImportBytes } = await backend.appInfo();
      if (file.size > maxImportBytes) {
        const tooLarge: Failure = {
          field: "file",
          rule: "too_large",
          limit: Number(mebibytes(maxImportBytes)),
          sent: Number(mebibytes(file.size)),
          section: null,
          position: null,
        };
        setError({ code: "invalid_input", message: "", details: null, task: "import_watchlist", problems: [tooLarge] });
        return;
      }
      setImported(await backend.importWatchlistCsv(await file.text(), flowId));
      onImported();
    } catch (e) {
      setError(backend.asAppError(e));
    }
  };

  const exportCsv = () => {
    setError(null);
    backend.exportWatchlistCsv().then((saved) => saved && setExported(saved), setError);
  };

  return { imported, exported, importFile, exportCsv };
}
