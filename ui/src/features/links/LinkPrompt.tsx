import { type ReactNode, useId, useRef, useState } from "react";
import { Modal } from "../../components/Modal";
import { useI18n } from "../../i18n";
import { type LinkTarget, useFileLinks } from "./fileLinks";

/** Opens each link to a file as it arrives, except during a review: a link pasted in a
 * chat must not take the analyst away from a file half decided. Then it asks first, and
 * what it answers is the prompt to show (null when nothing is waiting). */
export function useArrivingLinks(inReview: boolean, open: (target: LinkTarget) => void): ReactNode {
  const [waiting, setWaiting] = useState<LinkTarget | null>(null);
  useFileLinks((target) => (inReview ? setWaiting(target) : open(target)));
  if (!waiting) return null;
  return (
    <LinkPrompt
      file={waiting.view === "tracking" ? waiting.rfc : waiting.documentId}
      onOpen={() => {
        setWaiting(null);
        open(waiting);
      }}
      onStay={() => setWaiting(null)}
    />
  );
}

/** "Open file X?" The focus starts on Stay, so Enter alone never leaves the review;
 * Escape stays too, and the focus then goes back where it was. */
function LinkPrompt(props: { file: string; onOpen: () => void; onStay: () => void }) {
  const { t } = useI18n();
  const stay = useRef<HTMLButtonElement>(null);
  const title = useId();
  const why = useId();
  return (
    <Modal role="alertdialog" className="dialog-small" labelledBy={title} describedBy={why} initialFocus={stay} onCancel={props.onStay} testId="link-prompt">
      <h3 id={title}>{t("fileLink.ask", { file: props.file })}</h3>
      <p id={why}>{t("fileLink.askWhy")}</p>
      <div className="dialog-actions">
        <button ref={stay} type="button" className="button-quiet" onClick={props.onStay} data-testid="link-stay">
          {t("fileLink.stay")}
        </button>
        <button type="button" className="button-primary" onClick={props.onOpen} data-testid="link-open">
          {t("fileLink.open")}
        </button>
      </div>
    </Modal>
  );
}
