import { Component, type ReactNode } from "react";

import { useI18n } from "../i18n";

/**
 * What a screen that failed to draw (its code could not be loaded, say) leaves: a
 * notice saying so and a way out, instead of a blank window. Everything kept on disk
 * (drafts, the watchlist) is still there after a reload.
 */
export class ScreenBoundary extends Component<{ children: ReactNode; resetKey?: string }, { failed: Error | null }> {
  state: { failed: Error | null } = { failed: null };

  static getDerivedStateFromError(failed: Error) {
    return { failed };
  }

  /** Another screen chosen (a new `resetKey`) tries again. Not a `key`: that would
   * drop the screen on show before the next one is ready. */
  componentDidUpdate(previous: { resetKey?: string }) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: null });
  }

  render() {
    return this.state.failed ? <ScreenFailed error={this.state.failed} /> : this.props.children;
  }
}

function ScreenFailed({ error }: { error: Error }) {
  const { t } = useI18n();
  return (
    <div role="alert" className="notice notice-error" data-testid="screen-failed">
      <strong>{t("screenFailed")}</strong> <code>{error.message}</code>{" "}
      <button type="button" className="button small" onClick={() => window.location.reload()}>
        {t("reloadWindow")}
      </button>
    </div>
  );
}
