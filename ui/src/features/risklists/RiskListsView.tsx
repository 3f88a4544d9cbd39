import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";

import * as commands from "../../api/commands";
import { keys } from "../../api/queries";
import type { AppError } from "../../bindings/AppError";
import type { ImportedList } from "../../bindings/ImportedList";
import type { ImportProgress } from "../../bindings/ImportProgress";
import type { ImportStage } from "../../bindings/ImportStage";
import type { ListFormat } from "../../bindings/ListFormat";
import { ErrorNotice } from "../../components/ErrorNotice";
import { PageHeader } from "../../components/PageHeader";
import { type MessageKey, useI18n } from "../../i18n";
import { FORMAT_FILES, FORMAT_NAME, FORMATS } from "./lists";
import "../../i18n/evidence";
import "./risklists.css";

/** The risk lists the reviews screen against: what is imported (with its provenance), and
 * an import for each format, from the file the publisher gives or the address the managed
 * policy names, with its progress. The desk fetches none on its own. */
export function RiskListsView() {
  const { t, locale } = useI18n();
  const client = useQueryClient();
  const page = useQuery({ queryKey: keys.riskLists(), queryFn: commands.riskLists });
  const [done, setDone] = useState<ImportedList | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const imports = useMutation({
    mutationFn: ({ format, from }: { format: ListFormat; from: "file" | "address" }) =>
      from === "file" ? commands.importList(format, setProgress) : commands.importListFrom(format, setProgress),
    onMutate: () => {
      setDone(null);
      setProgress(null);
    },
    onSettled: () => setProgress(null),
    onSuccess: (info) => {
      if (!info) return;
      setDone(info);
      void client.invalidateQueries({ queryKey: keys.riskLists() });
      // Every review is screened again against the new version.
      void client.invalidateQueries({ queryKey: ["desk", "review-material"] });
    },
  });
  const byFormat = new Map((page.data?.lists ?? []).map((l) => [l.format, l]));
  const sourceOf = new Map((page.data?.sources ?? []).map((s) => [s.format, s]));
  return (
    <section className="page risk-lists" aria-labelledby="risk-lists-title" data-testid="risk-lists">
      <PageHeader id="risk-lists-title" title={t("lists.title")} subtitle={t("lists.intro")} />
      {page.error && <ErrorNotice error={page.error} />}
      {imports.error && <ErrorNotice error={imports.error as AppError} onDismiss={() => imports.reset()} />}
      {imports.isPending && progress && <ImportProgressBar progress={progress} />}
      {done && (
        <p className="notice notice-ok" role="status" data-testid="list-imported">
          {t("lists.imported", { list: t(FORMAT_NAME[done.info.format]), rows: done.info.rows.toLocaleString(), version: done.info.version })}{" "}
          {t("lists.rescreened", { n: done.rescreened, hits: done.newHits.length })}
        </p>
      )}
      {done && done.newHits.length > 0 && (
        <ul className="notice notice-warn" data-testid="new-hits">
          {done.newHits.map((h) => (
            <li key={`${h.documentId}-${h.row}-${h.party}`}>
              {t("lists.newHit", { company: h.company ?? h.documentId, party: h.party, row: h.row, score: h.score })}
            </li>
          ))}
        </ul>
      )}
      <table className="grid-table risk-lists-table">
        <thead>
          <tr>
            <th scope="col">{t("lists.list")}</th>
            <th scope="col">{t("lists.published")}</th>
            <th scope="col">{t("lists.rows")}</th>
            <th scope="col">{t("lists.importedAt")}</th>
            <th scope="col">{t("lists.sha256")}</th>
            <th scope="col">
              <span className="visually-hidden">{t("lists.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {FORMATS.map((format) => {
            const info = byFormat.get(format);
            const busy = imports.isPending && imports.variables?.format === format;
            const source = sourceOf.get(format);
            return (
              <tr key={format} data-testid="risk-list" data-format={format} data-version={info?.version ?? 0}>
                <th scope="row">
                  {t(FORMAT_NAME[format])}
                  <span className="muted small block">{info ? `${info.publisher} · v${info.version}` : FORMAT_FILES[format]}</span>
                </th>
                <td>{info ? (info.published ?? t("lists.noDate")) : "—"}</td>
                <td className="num">{info ? info.rows.toLocaleString() : "—"}</td>
                <td>{info ? `${new Date(info.importedAt).toLocaleString(locale)} · ${info.importedBy}` : t("lists.none")}</td>
                <td className="mono small" title={info?.sha256}>
                  {info ? `${info.sha256.slice(0, 12)}…` : "—"}
                </td>
                <td>
                  <div className="risk-list-actions">
                    <button
                      type="button"
                      className="button small"
                      disabled={imports.isPending}
                      onClick={() => imports.mutate({ format, from: "file" })}
                      data-testid={`import-${format}`}
                    >
                      {busy && imports.variables?.from === "file" ? t("lists.importing") : info ? t("lists.importAgain") : t("lists.import")}
                    </button>
                    {source && (
                      <button
                        type="button"
                        className="button small"
                        disabled={imports.isPending}
                        onClick={() => imports.mutate({ format, from: "address" })}
                        title={`${source.name} · ${source.url}`}
                        aria-label={t("lists.downloadFrom", { name: source.name })}
                        data-testid={`download-${format}`}
                      >
                        {busy && imports.variables?.from === "address" ? t("lists.importing") : t("lists.download")}
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="muted small">{t("lists.privacy")}</p>
    </section>
  );
}

const STAGE_WORDS: Record<ImportStage, MessageKey> = {
  downloading: "lists.stage.downloading",
  reading: "lists.stage.reading",
  checking: "lists.stage.checking",
  publishing: "lists.stage.publishing",
  rescreening: "lists.stage.rescreening",
};

/** How far an import has come: its stage in words, and a bar where the stage has a
 * known end (a stage without one, as the rows' check, is an indeterminate bar). */
function ImportProgressBar({ progress }: { progress: ImportProgress }) {
  const { t } = useI18n();
  const known = progress.total > 0;
  const percent = known ? Math.min(100, Math.floor((progress.done * 100) / progress.total)) : null;
  const label = t(STAGE_WORDS[progress.stage]);
  return (
    <div className="import-progress" role="status" data-testid="import-progress" data-stage={progress.stage}>
      <span>
        {label}
        {percent !== null && ` ${percent} %`}
      </span>
      <progress aria-label={label} max={known ? 100 : undefined} value={percent ?? undefined} />
    </div>
  );
}
