// The SLA policy's form: its fields and back, what to fix said in the user's words, and
// the backend's refusal placed beside its field (the rules are the backend's).
import { mockIPC } from "@tauri-apps/api/mocks";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { command } from "../../api/commands";
import type { SlaPolicy } from "../../bindings/SlaPolicy";
import { I18nProvider, type Translate, translate } from "../../i18n";
import { render } from "../../test/render";
import { sizedScreen } from "../watchlist/testing";
import { fromFields, toFields } from "./policyForm";
import { SlaPolicyPanel } from "./SlaPolicyForm";

sizedScreen();

const es: Translate = (key, vars) => translate("es-MX", key, vars);

const defaults: SlaPolicy = {
  calendar: {
    workingDays: [1, 2, 3, 4, 5],
    opensAtMinute: 540,
    closesAtMinute: 1080,
    utcOffsetMinutes: -360,
    statutoryHolidays: true,
    daysOff: ["2025-12-24"],
  },
  targets: { queuedHours: 8, inReviewHours: 16, enrollingHours: 24, enrollmentFailedHours: 8, unknownHours: null, atRiskHours: 2 },
};

describe("the policy as fields", () => {
  it("reads back the policy it showed", () => {
    const fields = toFields(defaults);
    expect(fields.opens).toBe("09:00");
    expect(fields.utcOffset).toBe("-6");
    expect(fromFields(fields, es)).toEqual({ policy: defaults });
  });

  it("takes a round-the-clock calendar (24:00 is midnight)", () => {
    const fields = { ...toFields(defaults), workingDays: [7, 1, 2, 3, 4, 5, 6], opens: "00:00", closes: "24:00", statutoryHolidays: false };
    const read = fromFields(fields, es);
    expect("policy" in read && read.policy.calendar).toMatchObject({ workingDays: [1, 2, 3, 4, 5, 6, 7], opensAtMinute: 0, closesAtMinute: 1440 });
  });

  it("says what to fix in the user's words", () => {
    const fields = { ...toFields(defaults), opens: "9h", closes: "08:00", workingDays: [], daysOff: "2025-02-30", utcOffset: "abc" };
    fields.targets.queuedHours = "0";
    const read = fromFields(fields, es);
    expect("errors" in read && read.errors).toEqual({
      queuedHours: "Pendiente: escriba un número entero de horas entre 1 y 720, o déjelo vacío.",
      opens: "Abre (HH:MM): escriba la hora como HH:MM, por ejemplo 09:00.",
      utcOffset: "La diferencia con UTC debe estar entre -14 y +14 horas.",
      workingDays: "Marque al menos un día hábil.",
      daysOff: "«2025-02-30» no es una fecha: escríbala como AAAA-MM-DD, por ejemplo 2025-12-24.",
    });
  });
});

describe("the panel", () => {
  it("sends the policy typed, and places the backend's refusal beside its field with the focus", async () => {
    const sent: unknown[] = [];
    mockIPC((cmd, args) => {
      if (cmd === command.sla_policy) return defaults;
      if (cmd === command.set_sla_policy) {
        sent.push((args as { policy: SlaPolicy }).policy);
        throw {
          code: "invalid",
          message: "",
          details: null,
          task: null,
          problems: [{ field: "atRiskHours", rule: "invalid", section: null, position: null, limit: null, sent: null }],
        };
      }
      return null;
    });
    render(
      <I18nProvider>
        <SlaPolicyPanel />
      </I18nProvider>,
    );
    const queued = await screen.findByTestId("sla-queuedHours");
    fireEvent.change(queued, { target: { value: "4" } });
    fireEvent.click(screen.getByTestId("sla-policy-save"));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0] as SlaPolicy).targets.queuedHours).toBe(4);
    const atRisk = screen.getByTestId("sla-atRiskHours");
    await waitFor(() => expect(atRisk.getAttribute("aria-invalid")).toBe("true"));
    expect(document.activeElement).toBe(atRisk);
    expect(screen.getByRole("alert").textContent).toBe("El aviso de «por vencer» debe ser de 0 a 168 horas.");
  });
});
