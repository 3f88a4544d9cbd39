import type { ReactNode } from "react";

/** The top of a screen below the watchlist: the way back, the title, a line of
 * identifiers, and the screen's actions on the right. */
export function PageHeader(props: {
  id: string;
  title: ReactNode;
  subtitle: ReactNode;
  back: { label: string; onClick: () => void };
  actions?: ReactNode;
}) {
  return (
    <div className="page-header">
      <div>
        <button type="button" className="button-quiet small" onClick={props.back.onClick}>
          {props.back.label}
        </button>
        <h2 id={props.id}>{props.title}</h2>
        <span className="mono muted">{props.subtitle}</span>
      </div>
      {props.actions && <div className="page-actions">{props.actions}</div>}
    </div>
  );
}
