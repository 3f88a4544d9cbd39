// The profile's rejection reasons, one list per kind of section, in the language its
// customers read (chosen here too): shown as the review offers them (edited, or that
// language's defaults), edited one reason per line, kept by
// the backend with the profile (checked there), or put back to the defaults.
import { useState } from "react";
import { asAppError } from "../../api/appError";
import * as commands from "../../api/commands";
import type { AppError } from "../../bindings/AppError";
import type { Locale } from "../../bindings/Locale";
import type { Profile } from "../../bindings/Profile";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useI18n } from "../../i18n";
import { customerLocale, isEdited, type ReasonKind, reasonsOf } from "../review/reasons";
import { sectionLabel } from "../sections";

/** The kinds in the order the editor lists them: any section first, then by name. */
const KINDS: ReasonKind[] = [
  "general",
  "ProofAddress",
  "ActaConstitutiva",
  "FiscalCSF",
  "Opinion",
  "BankStatement",
  "LegalRepresentative",
  "PoderesRepresentanteLegal",
  "Poder",
  "DatosRep",
  "ValidacionBiometrica",
  "PersonaFisica",
  "Sucursal",
  "SucursalImagenes",
  "SucursalBank",
  "Asamblea",
  "CertificadoSAT",
  "TaxInformations",
  "ArticleIncorporation",
];

export function ReasonCatalogueEditor({ profile, onSaved }: { profile: Profile; onSaved: (profile: Profile) => void }) {
  const { t, locale } = useI18n();
  const [kind, setKind] = useState<ReasonKind>("general");
  const [text, setText] = useState(() => reasonsOf("general", profile, customerLocale(profile)).join("\n"));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const kindName = (k: ReasonKind) =>
    k === "general" ? t("reasons.general") : (sectionLabel({ name: k, base: k, modifier: null, limit: null, entity: null }, locale) ?? k);

  const choose = (next: ReasonKind) => {
    setKind(next);
    setText(reasonsOf(next, profile, customerLocale(profile)).join("\n"));
    setError(null);
    setSaved(null);
  };
  const save = async (lines: string[] | null) => {
    const reasons = { ...(profile.reasons ?? {}) };
    if (lines === null) delete reasons[kind];
    else reasons[kind] = lines;
    setBusy(true);
    setError(null);
    try {
      const next = await commands.saveReasons(profile.id, reasons);
      onSaved(next);
      setText(reasonsOf(kind, next, customerLocale(next)).join("\n"));
      setSaved(lines === null ? t("reasons.restored", { kind: kindName(kind) }) : t("reasons.saved", { kind: kindName(kind) }));
    } catch (e) {
      setError(asAppError(e));
    } finally {
      setBusy(false);
    }
  };
  const chooseLanguage = async (language: Locale) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    setSaved(null);
    try {
      // Spanish is the default: kept as no choice at all.
      const next = await commands.saveCustomerLanguage(profile.id, language === "es-MX" ? null : language);
      onSaved(next);
      if (!isEdited(kind, next)) setText(reasonsOf(kind, next, customerLocale(next)).join("\n"));
      setSaved(t("reasons.languageSaved", { language: t(language === "en" ? "reasons.reader.en" : "reasons.reader.es") }));
    } catch (e) {
      setError(asAppError(e));
    } finally {
      setBusy(false);
    }
  };
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  return (
    <section className="card reason-editor" aria-labelledby="reasons-title" data-testid="reason-editor">
      <h3 id="reasons-title">{t("reasons.title", { name: profile.name })}</h3>
      <p className="muted">{t("reasons.intro")}</p>
      <label className="field">
        <span className="field-label">{t("reasons.language")}</span>
        <select
          className="input"
          value={customerLocale(profile)}
          onChange={(event) => void chooseLanguage(event.target.value === "en" ? "en" : "es-MX")}
          // Busy, not disabled: a disabled select would drop the keyboard's focus.
          aria-busy={busy}
          data-testid="customer-language"
        >
          <option value="es-MX">{t("reasons.language.es")}</option>
          <option value="en">{t("reasons.language.en")}</option>
        </select>
        <span className="muted small">{t("reasons.languageHint")}</span>
      </label>
      <label className="field">
        <span className="field-label">{t("reasons.kind")}</span>
        <select className="input" value={kind} onChange={(event) => choose(KINDS.find((k) => k === event.target.value) ?? "general")} data-testid="reason-kind">
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {kindName(k)}
              {isEdited(k, profile) ? ` · ${t("reasons.edited")}` : ""}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field-label">{t("reasons.list")}</span>
        <textarea className="input" rows={6} value={text} onChange={(event) => setText(event.target.value)} data-testid="reason-text" />
      </label>
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
      {saved && (
        <p className="notice notice-ok" role="status" data-testid="reason-saved">
          {saved}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button-quiet" onClick={() => void save(null)} disabled={busy || !isEdited(kind, profile)} data-testid="reason-restore">
          {t("reasons.restore")}
        </button>
        <button type="button" className="button-primary" onClick={() => void save(lines)} disabled={busy} data-testid="reason-save">
          {t("reasons.save")}
        </button>
      </div>
    </section>
  );
}
