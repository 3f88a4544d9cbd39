import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { command } from "../../api/commands";
import * as sparse from "../../bindings/sparse";
import type { Verification } from "../../bindings/Verification";
import type { VerificationState } from "../../bindings/VerificationState";
import { I18nProvider } from "../../i18n";
import { preferences } from "../../preferences";
import { GivenInfo, testInfo } from "../../test/appInfo";
import { render } from "../../test/render";
import { watchSparse } from "../../test/sparse";
import { GeoBandDiagram } from "./GeoBandDiagram";
import { VerificationsView } from "./VerificationsView";

afterEach(() => {
  cleanup();
  clearMocks();
});

const expired: Verification = {
  Folio: "VD-00000006",
  ExternalReference: "EXT-1",
  VerificationStatus: "Expirado",
  Verdict: "Pendiente",
  VerdictComment: null,
  Modality: "Domiciliar",
  ProductName: "Verificación domiciliaria",
  ProductKey: "VD-DOM",
  CreatedAtUtc: "2026-11-01T10:00:00Z",
  SentAtUtc: "2026-11-01T10:05:00Z",
  CompletedAtUtc: null,
  ExpiresAtUtc: "2026-11-08T10:05:00Z",
  GeoResult: null,
  DistanceMeters: null,
  Accuracy: null,
  GeoIntegrity: null,
  GeoSignals: [],
  BiometricStatus: null,
  Photos: [],
};

/** Opens the verifications screen and looks `folio` up, as typed. */
function lookUp(folio: string) {
  render(
    <I18nProvider>
      <GivenInfo>
        <VerificationsView />
      </GivenInfo>
    </I18nProvider>,
  );
  fireEvent.change(screen.getByTestId("folio-input"), { target: { value: folio } });
  fireEvent.click(screen.getByTestId("folio-search"));
}

describe("the geo band diagram", () => {
  it("draws the three bands and puts the marker in the band of the distance", () => {
    render(
      <I18nProvider>
        <GeoBandDiagram distance={320} accuracy={25} band="unassigned" edges={testInfo.geoBands} captured />
      </I18nProvider>,
    );
    const figure = screen.getByTestId("geo-diagram");
    expect(figure.dataset.band).toBe("unassigned");
    const band = (name: string) => figure.querySelector(`.geo-${name}`) as SVGRectElement;
    const marker = figure.querySelector(".geo-marker") as SVGLineElement;
    const x = Number(marker.getAttribute("x1"));
    const from = Number(band("unassigned").getAttribute("x"));
    const to = from + Number(band("unassigned").getAttribute("width"));
    expect(x).toBeGreaterThan(from);
    expect(x).toBeLessThan(to);
    expect(Number(figure.querySelector(".geo-accuracy")?.getAttribute("width"))).toBeGreaterThan(2);
    expect(figure.textContent).toContain("320 m entre la ubicación real y la declarada (precisión ±25 m): sin asignar");
  });

  it("draws the band the verification's state gives, with its edges where the app's info puts them", async () => {
    mockIPC((cmd) => {
      if (cmd === command.verification) {
        const state: VerificationState = {
          verification: { ...expired, DistanceMeters: 320, Accuracy: 25 },
          canResend: false,
          canCancel: false,
          captured: true,
          geoBand: "inconsistent",
          resendsSoFar: 0,
          resendsUncertain: false,
        };
        return state;
      }
      throw new Error(cmd);
    });
    render(
      <I18nProvider>
        <GivenInfo geoBands={{ consistentMaxMeters: 80, inconsistentAboveMeters: 300 }}>
          <VerificationsView />
        </GivenInfo>
      </I18nProvider>,
    );
    fireEvent.change(screen.getByTestId("folio-input"), { target: { value: "VD-00000006" } });
    fireEvent.click(screen.getByTestId("folio-search"));
    const figure = await screen.findByTestId("geo-diagram");
    expect(figure.dataset.band).toBe("inconsistent");
    expect(figure.querySelector("figcaption")?.textContent).toBe(
      "320 m entre la ubicación real y la declarada (precisión ±25 m): inconsistente (más de 300 m).",
    );
    const marker = Number(figure.querySelector(".geo-marker")?.getAttribute("x1"));
    const band = figure.querySelector(".geo-inconsistent") as SVGRectElement;
    expect(marker).toBeGreaterThan(Number(band.getAttribute("x")));
    expect([...figure.querySelectorAll(".geo-tick-label")].map((label) => label.textContent)).toEqual(["0 m", "80 m", "300 m", "600 m", "5 km"]);
  });
});

describe("a supervisor's verification", () => {
  it("asks before a billable resend, sends it once however many clicks, and reloads", async () => {
    const calls: string[] = [];
    let resends = 0;
    let answerResend: () => void = () => undefined;
    mockIPC((cmd) => {
      calls.push(cmd);
      if (cmd === command.verification) {
        const state: VerificationState = {
          verification: resends ? { ...expired, VerificationStatus: "Enviado" } : expired,
          canResend: true,
          canCancel: resends > 0,
          captured: false,
          geoBand: null,
          resendsSoFar: resends,
          resendsUncertain: false,
        };
        return state;
      }
      if (cmd === command.resend_verification) {
        resends += 1;
        // Answered when the test says: the confirmation is pressed again meanwhile.
        return new Promise((resolve) => {
          answerResend = () => resolve(null);
        });
      }
      throw new Error(cmd);
    });
    lookUp(" VD-00000006 ");
    expect((await screen.findByTestId("verification-status")).textContent).toBe("Vencida");
    expect((screen.getByTestId("cancel-verification") as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId("resend"));
    expect(screen.getByTestId("resend-count").textContent).toContain(": 0.");
    const confirm = screen.getByTestId("confirm-action");
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    answerResend();
    await screen.findByTestId("action-done");
    expect(calls.filter((c) => c === command.resend_verification)).toHaveLength(1);
    // A resend sent is the resend tour's last step: the demo's panel marks it done.
    expect(preferences().toursDone).toContain("resend");
    await waitFor(() => expect(screen.getByTestId("verification-status").textContent).toBe("Enviada"));
    // The folio is remembered, in capitals.
    expect(screen.getByRole("button", { name: "VD-00000006" })).toBeTruthy();
  });

  it("after a resend whose outcome is unknown, reads the verification again before the action comes back", async () => {
    const calls: string[] = [];
    let reads = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockIPC(async (cmd) => {
      calls.push(cmd);
      if (cmd === command.verification) {
        reads += 1;
        if (reads > 1) await gate;
        const state: VerificationState = {
          verification: reads > 1 ? { ...expired, VerificationStatus: "Enviado", SentAtUtc: "2026-11-22T05:30:00Z" } : expired,
          canResend: true,
          canCancel: reads > 1,
          captured: false,
          geoBand: null,
          resendsSoFar: 2,
          resendsUncertain: true,
        };
        return state;
      }
      if (cmd === command.resend_verification) throw { code: "outcome_unknown", message: "Se perdió la conexión", details: [] };
      throw new Error(cmd);
    });
    lookUp("VD-00000006");
    fireEvent.click(await screen.findByTestId("resend"));
    // The audit log could not be read whole: the count is a floor.
    expect(screen.getByTestId("resend-count").textContent).toContain("al menos 2");
    fireEvent.click(screen.getByTestId("confirm-action"));

    const notice = await screen.findByTestId("outcome-unknown");
    expect(notice.textContent).toContain("Resultado desconocido: el reenvío pudo haberse hecho (y facturado).");
    expect(notice.textContent).not.toMatch(/intente de nuevo/i);
    expect(screen.queryByTestId("confirm")).toBeNull();
    expect((screen.getByTestId("resend") as HTMLButtonElement).disabled).toBe(true);

    release();
    const now = await screen.findByTestId("reread-now");
    expect(now.textContent).toMatch(/^Estado ahora: Enviada · último envío: .*2026.*\.$/);
    expect(notice.textContent).toContain("Reenviar otra vez es otro mensaje facturable.");
    expect(screen.getByTestId("verification-status").textContent).toBe("Enviada");
    expect((screen.getByTestId("resend") as HTMLButtonElement).disabled).toBe(false);
    expect(calls.filter((c) => c === command.resend_verification)).toHaveLength(1);
  });

  it("keeps both actions waiting while the verification cannot be read after an unknown outcome", async () => {
    let reads = 0;
    mockIPC((cmd) => {
      if (cmd === command.verification) {
        reads += 1;
        if (reads === 2) throw { code: "network", message: "Sin conexión", details: [] };
        return {
          verification: { ...expired, VerificationStatus: "Enviado" },
          canResend: true,
          canCancel: true,
          captured: false,
          geoBand: null,
          resendsSoFar: 0,
          resendsUncertain: false,
        };
      }
      if (cmd === command.cancel_verification) throw { code: "outcome_unknown", message: "", details: [] };
      throw new Error(cmd);
    });
    lookUp("VD-00000006");
    fireEvent.click(await screen.findByTestId("cancel-verification"));
    fireEvent.click(screen.getByTestId("confirm-action"));
    expect((await screen.findByTestId("reread-failed")).textContent).toContain("sigue sin saberse si se hizo");
    expect((screen.getByTestId("resend") as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId("cancel-verification") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId("reread-again"));
    expect((await screen.findByTestId("reread-now")).textContent).toContain("Estado ahora: Enviada");
    expect((screen.getByTestId("cancel-verification") as HTMLButtonElement).disabled).toBe(false);
  });
});

describe("a sparse verification", () => {
  it("shows dashes, no distance, and a photo without an address as such, asking nothing of it", async () => {
    const check = watchSparse();
    const calls: string[] = [];
    mockIPC((cmd) => {
      calls.push(cmd);
      if (cmd === command.verification) return sparse.verificationState;
      throw new Error(cmd);
    });
    lookUp("VD-00000009");
    const card = await screen.findByTestId("verification");
    expect(card.querySelector("h3")?.textContent).toBe("VD-00000009 —");
    expect(screen.getByTestId("verdict").textContent).toBe("—");
    expect(screen.getByTestId("geo-diagram").textContent).toContain("Sin distancia");
    const photo = screen.getByTestId("verification-photo");
    expect(photo.textContent).toContain("Sin dirección de la foto");
    expect(screen.queryByTestId("error-notice")).toBeNull();
    // Nothing is asked of the photo (the folio found is only kept among the recent ones).
    expect(calls).toEqual([command.verification, command.set_preference]);
    check.expectShown();
  });
});

describe("a verification in the user's words", () => {
  const stateOf = (verification: Verification, can: { resend: boolean; cancel: boolean }): VerificationState => ({
    verification,
    canResend: can.resend,
    canCancel: can.cancel,
    resendsSoFar: 0,
    resendsUncertain: false,
    captured: false,
    geoBand: null,
  });

  it("words every status and verdict, says why each action is not offered for that status, and marks a cancelled one as without verdict", async () => {
    const cases: [Verification["VerificationStatus"], string, string][] = [
      ["NoIniciado", "No iniciada", "aún no se ha enviado ningún enlace"],
      ["Completado", "Completada", "ya se completó"],
      ["Rechazado", "Cancelada", "está cancelada"],
      ["Expirado", "Vencida", "ya venció y no hay nada en curso"],
      ["Pausado", "Pausado", "(estatus: Pausado)"],
    ];
    for (const [status, words, reason] of cases) {
      const can = { resend: status === "Expirado", cancel: status === "NoIniciado" };
      mockIPC((cmd) => {
        if (cmd === command.verification) return stateOf({ ...expired, VerificationStatus: status }, can);
        throw new Error(cmd);
      });
      lookUp("VD-00000006");
      expect((await screen.findByTestId("verification-status")).textContent).toBe(words);
      expect(screen.getByTestId("action-reasons").textContent).toContain(reason);
      // Only the completed one is settled by its verdict.
      expect(screen.getByTestId("action-reasons").textContent?.includes("se resuelve con su veredicto")).toBe(status === "Completado");
      // One reason that covers both actions is said once, not once per action.
      const reasons = screen.getByTestId("action-reasons").textContent ?? "";
      expect(reasons.split(reason).length - 1).toBe(1);
      if (status === "Rechazado") {
        expect(reasons).toBe("No se reenvía ni se cancela: está cancelada.");
        expect(screen.getByTestId("verdict").textContent).toBe("Sin veredicto: se canceló");
      }
      cleanup();
      clearMocks();
    }
  });

  it("speaks of folios when one is not found, and keeps only found folios among the recent ones", async () => {
    const kept: unknown[] = [];
    mockIPC((cmd, args) => {
      if (cmd === command.set_preference) {
        kept.push(args);
        return null;
      }
      if (cmd !== command.verification) throw new Error(cmd);
      if ((args as { folio: string }).folio === "VD-00000006") return stateOf(expired, { resend: true, cancel: false });
      throw { code: "not_found", message: "", details: [], task: null, problems: [] };
    });
    lookUp("VD-99999999");
    const notice = await screen.findByTestId("error-notice");
    expect(notice.textContent).toContain("Revise el folio");
    expect(notice.textContent).not.toContain("RFC");
    expect(screen.queryByRole("group", { name: "Folios recientes" })).toBeNull();
    fireEvent.change(screen.getByTestId("folio-input"), { target: { value: "VD-00000006" } });
    fireEvent.click(screen.getByTestId("folio-search"));
    await screen.findByTestId("verification-status");
    const recent = await screen.findByRole("group", { name: "Folios recientes" });
    expect(recent.textContent).toBe("VD-00000006");
    // Kept in the data folder's preferences, by the backend (not in the webview's storage).
    expect(preferences().recentFolios).toEqual(["VD-00000006"]);
    expect(kept).toEqual([{ change: { key: "recentFolios", value: ["VD-00000006"] } }]);
  });

  it("says an unreadable folio's problem at the field, and lets it go once the field changes", async () => {
    mockIPC((cmd) => {
      if (cmd !== command.verification) throw new Error(cmd);
      throw {
        code: "invalid_input",
        message: "",
        details: [],
        task: null,
        problems: [{ field: "Folio", rule: "invalid", limit: null, section: null, position: null, sent: null }],
      };
    });
    lookUp("%%% basura");
    const problem = await screen.findByTestId("folio-problem");
    expect(problem.textContent).toContain("Folio");
    const input = screen.getByTestId("folio-input");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe(problem.id);
    // Said at the field only, not a second time under the form.
    expect(screen.queryByTestId("error-notice")).toBeNull();
    fireEvent.change(input, { target: { value: "" } });
    expect(screen.queryByTestId("folio-problem")).toBeNull();
    expect(input.getAttribute("aria-invalid")).toBe("false");
    expect(input.getAttribute("aria-describedby")).toBeNull();
    expect(screen.queryByTestId("error-notice")).toBeNull();
  });
});
