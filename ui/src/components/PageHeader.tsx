import type { ReactNode } from "react";

/** The top of a screen: the way back (for screens below the watchlist), the title, a
 * line under it (identifiers, or what the screen is for), and the screen's actions on
 * the right. */
export function PageHeader(props: {
  id: string;
  title: ReactNode;
  subtitle: ReactNode;
  back?: { label: string; onClick: () => void };
  actions?: ReactNode;
  /** The line under the title is prose even below another screen (identifiers
   * are the default there). */
  prose?: boolean;
}) {
  const identifiers = props.back && !props.prose;
  return (
    <div className="page-header">
      <div>
        {props.back && (
          <button type="button" className="button-quiet small" onClick={props.back.onClick}>
            {props.back.label}
          </button>
        )}
        <h2 id={props.id}>{props.title}</h2>
        <span className={identifiers ? "mono muted" : "muted"}>{props.subtitle}</span>
      </div>
      {props.actions && <div className="page-actions">{props.actions}</div>}
    </div>
  );
}
