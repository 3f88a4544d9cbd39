// The review's evidence beyond its pane: the evidence window ("open in another window",
// Shift+E), which follows the focused section and closes with the review, and the
// pane's reading width (Shift+W): the evidence wider, for reading a document's text at
// the window's width (a deed at fit-width in the narrow pane is too small to read at
// 1280 px).
import { useCallback, useEffect, useRef, useState } from "react";

import * as commands from "../../api/commands";
import { isTyping } from "../../dom/keys";
import { useI18n } from "../../i18n";
import type { SectionView } from "../evidence/view";

export function useEvidenceWindow(focusedView: SectionView) {
  const { t } = useI18n();
  const [windowOpen, setWindowOpen] = useState(false);
  const [reading, setReading] = useState(false);
  // Whether the review is still on screen: a window that opens after it left is closed.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const openWindow = useCallback(() => {
    commands.showEvidence(focusedView).catch(() => undefined);
    commands.openEvidenceWindow(t("evidence.windowTitle")).then(
      () => {
        if (mounted.current) setWindowOpen(true);
        else commands.closeEvidenceWindow().catch(() => undefined);
      },
      () => undefined,
    );
  }, [focusedView, t]);
  useEffect(() => {
    if (windowOpen) commands.showEvidence(focusedView).catch(() => undefined);
  }, [windowOpen, focusedView]);
  useEffect(() => {
    if (!windowOpen) return;
    return () => {
      commands.closeEvidenceWindow().catch(() => undefined);
    };
  }, [windowOpen]);
  const toggleReading = useCallback(() => setReading((on) => !on), []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.shiftKey || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (event.key === "E") {
        event.preventDefault();
        openWindow();
      } else if (event.key === "W") {
        event.preventDefault();
        toggleReading();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [openWindow, toggleReading]);
  return { openWindow, reading, toggleReading };
}
