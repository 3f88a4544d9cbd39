import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { command } from "../../api/commands";
import type { FileLink } from "../../bindings/FileLink";
import { I18nProvider } from "../../i18n";
import { expectModal } from "../../test/modal";
import { render } from "../../test/render";
import { watchedFile } from "../watchlist/testing";
import type { LinkTarget } from "./fileLinks";
import { useArrivingLinks } from "./LinkPrompt";

afterEach(() => {
  cleanup();
  clearMocks();
});

const FOLLOWED = "2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10";
const NOT_FOLLOWED = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
const followed = watchedFile("PLE150301AB2", { flowId: "flujo-moral", documentId: FOLLOWED });

function Screen(props: { inReview: boolean; open: (target: LinkTarget) => void }) {
  const prompt = useArrivingLinks(props.inReview, props.open);
  return (
    <>
      <textarea aria-label="Comentario" data-testid="comment" />
      {prompt}
    </>
  );
}

/** A screen listening for links; `send` hands it one as the backend would. */
function screenWith(inReview: boolean) {
  let onLink: ((link: FileLink) => void) | null = null;
  mockIPC((cmd, args) => {
    if (cmd === command.watchlist) return [followed];
    if (cmd === command.file_links) {
      const channel = (args as { onLink: { onmessage: (link: FileLink) => void } }).onLink;
      onLink = (link) => channel.onmessage(link);
      return null;
    }
    throw new Error(`unexpected command ${cmd}`);
  });
  const open = vi.fn();
  render(
    <I18nProvider>
      <Screen inReview={inReview} open={open} />
    </I18nProvider>,
  );
  const send = async (link: FileLink) => {
    await waitFor(() => expect(onLink).not.toBeNull());
    onLink?.(link);
  };
  return { open, send };
}

describe("a link to a file that arrives", () => {
  it("during a review asks first, and Stay (or Escape) keeps the review and its focus", async () => {
    const { open, send } = screenWith(true);
    const comment = screen.getByTestId("comment");
    comment.focus();
    await send({ documentId: FOLLOWED });
    const prompt = await screen.findByRole("alertdialog", { name: "¿Abrir el expediente PLE150301AB2?" });
    expect(prompt.textContent).toContain("Si se queda, su revisión sigue como está.");
    expect(open).not.toHaveBeenCalled();
    // The safe answer has the focus: Enter alone stays. (It moves there once the prompt
    // is drawn: waited for, as a loaded machine draws first and focuses after.)
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Quedarme" })));
    fireEvent.keyDown(window, { key: "Escape" });
    await waitFor(() => expect(screen.queryByTestId("link-prompt")).toBeNull());
    expect(document.activeElement).toBe(comment);
    expect(open).not.toHaveBeenCalled();

    await send({ documentId: NOT_FOLLOWED });
    await screen.findByRole("alertdialog", { name: `¿Abrir el expediente ${NOT_FOLLOWED}?` });
    fireEvent.click(screen.getByRole("button", { name: "Quedarme" }));
    expect(screen.queryByTestId("link-prompt")).toBeNull();
    expect(open).not.toHaveBeenCalled();
  });

  it("during a review opens the file once the analyst chooses Open", async () => {
    const { open, send } = screenWith(true);
    await send({ documentId: FOLLOWED });
    fireEvent.click(await screen.findByRole("button", { name: "Abrir" }));
    expect(open).toHaveBeenCalledWith({ view: "tracking", flowId: "flujo-moral", rfc: "PLE150301AB2" });
    expect(screen.queryByTestId("link-prompt")).toBeNull();
  });

  it("outside a review opens the file at once, without asking", async () => {
    const { open, send } = screenWith(false);
    await send({ documentId: NOT_FOLLOWED });
    await waitFor(() => expect(open).toHaveBeenCalledWith({ view: "detail", documentId: NOT_FOLLOWED }));
    expect(screen.queryByTestId("link-prompt")).toBeNull();
  });
});

describe("the link prompt from the keyboard", () => {
  it("is a modal dialog over the review, starting on Stay, and Escape stays", async () => {
    const { open, send } = screenWith(true);
    const comment = screen.getByTestId("comment");
    comment.focus();
    await send({ documentId: FOLLOWED });
    const prompt = await screen.findByTestId("link-prompt");
    const stay = screen.getByTestId("link-stay");
    const go = screen.getByTestId("link-open");
    await waitFor(() => expect(document.activeElement).toBe(stay));
    expectModal(prompt);
    expect(prompt.contains(go)).toBe(true);
    fireEvent.keyDown(window, { key: "Escape" });
    await waitFor(() => expect(screen.queryByTestId("link-prompt")).toBeNull());
    expect(document.activeElement).toBe(comment);
    expect(open).not.toHaveBeenCalled();
  });
});
