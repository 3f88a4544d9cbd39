// The few calls that add something to a command of the generated client (`commands.ts`,
// which the UI calls directly): a shape the page needs, or an event of Tauri's.
import { listen } from "@tauri-apps/api/event";
import type { Approval } from "../bindings/Approval";
import type { SectionView } from "../features/evidence/view";
import * as commands from "./commands";

/** The bytes of a file `evidenceFile` accepted as `sha256`, as the viewers read them. */
export const evidenceBytes = async (handle: string, sha256: string) => new Uint8Array(await commands.evidenceBytes(handle, sha256));

/** What the review last showed the evidence window: the backend keeps the view as the
 * review sent it, without reading it. */
export const evidenceView = () => commands.evidenceView() as Promise<SectionView | null>;

/** Each view the review shows the evidence window from now on; stops when called. */
export function onEvidenceShown(show: (view: SectionView) => void): () => void {
  const stop = listen<SectionView>("evidence-shown", (event) => show(event.payload));
  return () => {
    stop.then((unlisten) => unlisten()).catch(() => undefined);
  };
}

/** Decides the request as it was shown (its id, action, folio and asker): the database
 * refuses one that is not what was shown. */
export const decideApproval = (shown: Approval, approve: boolean) =>
  commands.decideApproval({ id: shown.id, action: shown.action, folio: shown.folio, askedBy: shown.askedBy }, approve);
