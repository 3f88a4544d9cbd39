// A verification in the user's words: its status, its verdict, and why an action is
// not offered now, from the typed status (ui/src/bindings/Verification). A status or
// verdict the spec does not list is shown as the service sent it.
import type { Verification } from "../../bindings/Verification";
import type { MessageKey, Translate } from "../../i18n";
import { MISSING } from "../../words/text";

type Status = NonNullable<Verification["VerificationStatus"]>;
type Verdict = NonNullable<Verification["Verdict"]>;

const STATUS: Record<string, MessageKey> = {
  NoIniciado: "ver.status.NoIniciado",
  Enviado: "ver.status.Enviado",
  Abierto: "ver.status.Abierto",
  Iniciado: "ver.status.Iniciado",
  Completado: "ver.status.Completado",
  Expirado: "ver.status.Expirado",
  // The spec's name for a cancelled verification.
  Rechazado: "ver.status.Rechazado",
  SuspendidaPorRiesgo: "ver.status.SuspendidaPorRiesgo",
};

const VERDICT: Record<string, MessageKey> = {
  Pendiente: "ver.verdict.Pendiente",
  Aprobada: "ver.verdict.Aprobada",
  Rechazada: "ver.verdict.Rechazada",
  Reposicion: "ver.verdict.Reposicion",
};

/** Why a resend is not offered, per status (the spec admits it in Enviado, Abierto,
 * Iniciado and Expirado). */
const NO_RESEND: Record<string, MessageKey> = {
  NoIniciado: "ver.noResend.NoIniciado",
  Completado: "ver.noResend.Completado",
  Rechazado: "ver.noResend.Rechazado",
  SuspendidaPorRiesgo: "ver.noResend.SuspendidaPorRiesgo",
};

/** Why a cancellation is not offered, per status (only one in progress is cancelled). */
const NO_CANCEL: Record<string, MessageKey> = {
  Completado: "ver.noCancel.Completado",
  Expirado: "ver.noCancel.Expirado",
  Rechazado: "ver.noCancel.Rechazado",
};

/** Why neither action is offered, for the statuses where one reason covers both (said
 * once, not once per action). */
const NEITHER: Record<string, MessageKey> = {
  Completado: "ver.neither.Completado",
  Rechazado: "ver.neither.Rechazado",
};

function known(table: Record<string, MessageKey>, value: string): MessageKey | undefined {
  return Object.hasOwn(table, value) ? table[value] : undefined;
}

export function statusWords(status: Status | null, t: Translate): string {
  if (!status?.trim()) return MISSING;
  const key = known(STATUS, status);
  return key ? t(key) : status;
}

/** The verdict, except that a cancelled verification has none (the service still says
 * "Pendiente" of it). */
export function verdictWords(verdict: Verdict | null, status: Status | null, t: Translate): string {
  if (status === "Rechazado" && (verdict === null || verdict === "Pendiente")) return t("ver.verdict.none");
  if (!verdict?.trim()) return MISSING;
  const key = known(VERDICT, verdict);
  return key ? t(key) : verdict;
}

export function noResendWords(status: Status | null, t: Translate): string {
  const key = status ? known(NO_RESEND, status) : undefined;
  return key ? t(key) : t("ver.noResend.other", { status: statusWords(status, t) });
}

export function noCancelWords(status: Status | null, t: Translate): string {
  const key = status ? known(NO_CANCEL, status) : undefined;
  return key ? t(key) : t("ver.noCancel.other", { status: statusWords(status, t) });
}

/** Why the actions not offered are not: one sentence when one reason covers both. */
export function actionReasons(status: Status | null, can: { resend: boolean; cancel: boolean }, t: Translate): string {
  if (!can.resend && !can.cancel && status) {
    // A status the spec does not list has no reason of its own: the rule, said once.
    const both = known(NEITHER, status) ?? (known(STATUS, status) ? undefined : "ver.neither.other");
    if (both) return t(both, { status: statusWords(status, t) });
  }
  return [can.resend ? null : noResendWords(status, t), can.cancel ? null : noCancelWords(status, t)].filter((s) => s !== null).join(" ");
}
