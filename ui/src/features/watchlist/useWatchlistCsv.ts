import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { asAppError } from "../../api/appError";
import * as commands from "../../api/commands";
import { keys, queries } from "../../api/queries";
import type { AppError } from "../../bindings/AppError";
import type { Failure } from "../../bindings/Failure";
import type { ImportReport } from "../../bindings/ImportReport";
import type { SavedCsv } from "../../bindings/SavedCsv";
import { mebibytes } from "../../words/format";

export interface WatchlistCsv {
  /** What the last import added, found already followed, and refused. */
  imported: ImportReport | null;
  /** Where the last export was saved. */
  exported: SavedCsv | null;
  /** Imports a CSV of RFCs into a flow. */
  importFile: (file: File | undefined, flowId: string) => void;
  /** Exports the whole list, whatever the filters show: it imports again as it is. */
  exportCsv: () => void;
}

/** A file over the backend's limit, refused before it is read into the page, as the
 * backend would refuse its text (the sizes in MiB). */
function tooLarge(size: number, maxImportBytes: number): AppError {
  const problem: Failure = {
    field: "file",
    rule: "too_large",
    limit: Number(mebibytes(maxImportBytes)),
    sent: Number(mebibytes(size)),
    section: null,
    position: null,
  };
  return { code: "invalid_input", message: "", details: null, task: "import_watchlist", problems: [problem] };
}

/** The watchlist as a CSV file, both ways. An import changes the list: its query is
 * read again. */
export function useWatchlistCsv(props: { setError: (error: AppError | null) => void }): WatchlistCsv {
  const { setError } = props;
  const client = useQueryClient();
  const [imported, setImported] = useState<ImportReport | null>(null);
  const [exported, setExported] = useState<SavedCsv | null>(null);

  const importCsv = useMutation({
    mutationFn: async ({ file, flowId }: { file: File; flowId: string }) => {
      const { maxImportBytes } = await client.fetchQuery(queries.appInfo());
      if (file.size > maxImportBytes) throw tooLarge(file.size, maxImportBytes);
      return commands.importWatchlistCsv(await file.text(), flowId);
    },
    onSuccess: (report) => {
      setImported(report);
      void client.invalidateQueries({ queryKey: keys.watchlist() });
      void client.invalidateQueries({ queryKey: keys.teamQueues });
    },
    onError: (e) => setError(asAppError(e)),
  });

  const exportCsv = () => {
    setError(null);
    commands.exportWatchlistCsv().then((saved) => saved && setExported(saved), setError);
  };

  return {
    imported,
    exported,
    importFile: (file, flowId) => file && importCsv.mutate({ file, flowId }),
    exportCsv,
  };
}
