// A verification before its capture, as the service answers it: instants not yet
// happened (read as null by the client, whatever the service wrote for them) and the
// distance and accuracy written as 0, which measured nothing. The screen claims no
// completion and no geo verdict.
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { command } from "../../api/commands";
import type { Verification } from "../../bindings/Verification";
import type { VerificationState } from "../../bindings/VerificationState";
import { I18nProvider } from "../../i18n";
import { GivenInfo } from "../../test/appInfo";
import { render } from "../../test/render";
import { VerificationsView } from "./VerificationsView";

afterEach(() => {
  cleanup();
  clearMocks();
});

/** Sent a day ago, due in six days, nothing captured. */
const waiting: Verification = {
  Folio: "VD-00000002",
  ExternalReference: "EXT-2",
  VerificationStatus: "Enviado",
  Verdict: "Pendiente",
  VerdictComment: null,
  Modality: "Domiciliar",
  ProductName: "Verificación domiciliaria",
  ProductKey: "VD-DOM",
  CreatedAtUtc: new Date(Date.now() - 26 * 3600_000).toISOString(),
  SentAtUtc: new Date(Date.now() - 25 * 3600_000).toISOString(),
  CompletedAtUtc: null,
  ExpiresAtUtc: new Date(Date.now() + 6 * 24 * 3600_000).toISOString(),
  GeoResult: "Indeterminado",
  DistanceMeters: 0,
  Accuracy: 0,
  GeoIntegrity: "Ok",
  GeoSignals: [],
  BiometricStatus: "Pendiente",
  Photos: [],
};

/** Looks up the folio of `verification`, answered as the desk core answers it. */
async function show(verification: Verification) {
  const state: VerificationState = {
    verification,
    canResend: true,
    canCancel: true,
    captured: false,
    geoBand: null,
    resendsSoFar: 0,
    resendsUncertain: false,
  };
  const calls: string[] = [];
  mockIPC((cmd) => {
    calls.push(cmd);
    if (cmd === command.verification) return state;
    // Remembering the folio among the recent ones is all else the screen may do.
    return null;
  });
  render(
    <I18nProvider>
      <GivenInfo>
        <VerificationsView />
      </GivenInfo>
    </I18nProvider>,
  );
  fireEvent.change(screen.getByTestId("folio-input"), { target: { value: verification.Folio } });
  fireEvent.click(screen.getByTestId("folio-search"));
  await screen.findByTestId("verification");
  return calls;
}

function step(name: string): HTMLElement {
  const timeline = screen.getByRole("list", { name: "Fechas" });
  const entry = within(timeline)
    .getAllByRole("listitem")
    .find((li) => li.querySelector(".strong")?.textContent === name);
  if (!entry) throw new Error(`no step ${name}`);
  return entry;
}

describe("a verification before its capture", () => {
  it("shows no completion date and the deadline still due", async () => {
    await show(waiting);
    const completed = step("Completada");
    expect(completed.className).toContain("pending");
    expect(completed.textContent).toBe("Completada—");
    expect(step("Enviada").className).toContain("done");
    const expires = step("Vence");
    expect(expires.className).toContain("due");
    expect(expires.className).not.toContain("done");
  });

  it("shows an unsent one as neither sent nor completed", async () => {
    await show({ ...waiting, VerificationStatus: "NoIniciado", SentAtUtc: null });
    for (const name of ["Enviada", "Completada"]) {
      expect(step(name).className, name).toContain("pending");
      expect(step(name).textContent, name).toBe(`${name}—`);
    }
  });

  it("claims no geo verdict: no band, no marker at 0 m, and says nothing was captured yet", async () => {
    await show(waiting);
    const figure = screen.getByTestId("geo-diagram");
    expect(figure.dataset.band).toBe("");
    expect(figure.querySelector(".geo-marker")).toBeNull();
    expect(figure.querySelector(".geo-accuracy")).toBeNull();
    expect(figure.querySelector("figcaption")?.textContent).toBe("Sin distancia: la visita aún no se ha capturado.");
    expect(figure.querySelector("svg")?.getAttribute("aria-label")).toBe("Sin distancia: la visita aún no se ha capturado.");
    expect(figure.textContent).not.toContain("0 m entre");
    // The service's own word stands, in a neutral chip: neither consistent nor not.
    const chip = screen.getByText("Indeterminado");
    expect(chip.className).toContain("chip-neutral");
    expect(screen.getByText("La verificación no tiene fotos.")).toBeTruthy();
  });
});
