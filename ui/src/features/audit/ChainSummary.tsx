import type { ChainReport } from "../../bindings/ChainReport";
import { useI18n } from "../../i18n";
import { anchorMessage, breakMessage } from "./model";

/** The badge of the log's integrity: intact only with no break, no unreadable line and
 * the keyring's anchor on the last entry. */
export function ChainBadge({ chain }: { chain: ChainReport }) {
  const { t } = useI18n();
  const first = chain.breaks[0];
  if (first) {
    const problem = breakMessage(first.problem);
    return (
      <span className="chip chip-danger" data-testid="chain-badge" title={t(problem.key, problem.vars)}>
        {t("audit.chainBroken", { line: first.line })}
      </span>
    );
  }
  if (!anchorMessage(chain.anchor).ok || chain.unreadable > 0) {
    return (
      <span className="chip chip-warn" data-testid="chain-badge">
        {t("audit.chainUnconfirmed", { n: chain.entries })}
      </span>
    );
  }
  return (
    <span className="chip chip-ok" data-testid="chain-badge">
      {t("audit.chainOk", { n: chain.entries })}
    </span>
  );
}

/** Everything the verification found: each break with its line, the unreadable lines,
 * and where the keyring's anchor stands. Nothing when all is sound. */
export function ChainSummary({ chain }: { chain: ChainReport }) {
  const { t } = useI18n();
  const anchor = anchorMessage(chain.anchor);
  if (chain.breaks.length === 0 && chain.unreadable === 0 && anchor.ok) return null;
  const broken = chain.breaks.length > 0;
  return (
    <div className={`notice ${broken ? "notice-error" : "notice-warn"}`} role="note" data-testid="chain-summary">
      <div className="notice-body">
        {broken && (
          <>
            <strong>{chain.breaks.length === 1 ? t("audit.breaksTitle.one") : t("audit.breaksTitle.other", { n: chain.breaks.length })}</strong>
            <ul className="notice-details" data-testid="chain-breaks">
              {chain.breaks.map((b) => {
                const problem = breakMessage(b.problem);
                return <li key={`${b.line}-${b.problem.kind}`}>{t("audit.break", { line: b.line, problem: t(problem.key, problem.vars) })}</li>;
              })}
            </ul>
          </>
        )}
        {chain.unreadable > 0 && <p data-testid="chain-unreadable">{t("audit.unreadable", { n: chain.unreadable })}</p>}
        <p data-testid="chain-anchor">{t(anchor.key, anchor.vars)}</p>
      </div>
    </div>
  );
}
