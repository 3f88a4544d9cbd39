import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";

import type { Verification } from "../../bindings/Verification";
import type { VerificationState } from "../../bindings/VerificationState";
import { I18nProvider } from "../../i18n";
import { GeoBandDiagram } from "./GeoBandDiagram";
import { VerificationsView } from "./VerificationsView";

afterEach(() => {
  cleanup();
  clearMocks();
  localStorage.clear();
});

const expired: Verification = {
  Folio: "VD-00000006", ExternalReference: "EXT-1", VerificationStatus: "Expirado", Verdict: "Pendiente", VerdictComment: null,
  Modality: "Domiciliar", ProductName: "Verificación domiciliaria", ProductKey: "VD-DOM", CreatedAtUtc: "2026-11-01T10:00:00Z",
  SentAtUtc: "2026-11-01T10:05:00Z", CompletedAtUtc: null, ExpiresAtUtc: "2026-11-08T10:05:00Z", GeoResult: null,
  DistanceMeters: null, Accuracy: null, GeoIntegrity: null, GeoSignals: null, BiometricStatus: null, Photos: [],
};

describe("the geo band diagram", () => {
  it("draws the three bands and puts the marker in the band of the distance", () => {
    render(
      <I18nProvider>
        <GeoBandDiagram distance={320} accuracy={25} />
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
});

describe("a supervisor's verification", () => {
  it("asks before a billable resend, sends it once however many clicks, and reloads", async () => {
    const calls: string[] = [];
    let resends = 0;
    mockIPC((cmd) => {
      calls.push(cmd);
      if (cmd === "verification") {
        const state: VerificationState = {
          verification: resends ? { ...expired, VerificationStatus: "Enviado" } : expired,
          canResend: true,
          canCancel: resends > 0,
          resendsSoFar: resends,
          resendsUncertain: false,
        };
        return state;
      }
      if (cmd === "resend_verification") {
        resends += 1;
        return new Promise((resolve) => setTimeout(() => resolve(null), 30));
      }
      throw new Error(cmd);
    });
    render(
      <I18nProvider>
        <VerificationsView />
      </I18nProvider>,
    );
    fireEvent.change(screen.getByTestId("folio-input"), { target: { value: "vd-00000006" } });
    fireEvent.click(screen.getByTestId("folio-search"));
    expect((await screen.findByTestId("verification-status")).textContent).toBe("Expirado");
    expect((screen.getByTestId("cancel-verification") as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId("resend"));
    expect(screen.getByTestId("resend-count").textContent).toContain(": 0.");
    const confirm = screen.getByTestId("confirm-action");
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await screen.findByTestId("action-done");
    expect(calls.filter((c) => c === "resend_verification")).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId("verification-status").textContent).toBe("Enviado"));
    // The folio is remembered, in capitals.
    expect(screen.getByRole("button", { name: "VD-00000006" })).toBeTruthy();
  });
});
