// "Plazos (SLA)": the profile's SLA policy, where a lead sets it (the Team screen for a
// supervisor; a one-desk profile's settings). Every field is a labelled control reached
// by Tab; what to fix is said beside its field, in the user's words, and the first one
// takes the focus.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";

import * as commands from "../../api/commands";
import { keys, queries } from "../../api/queries";
import type { AppError } from "../../bindings/AppError";
import type { SlaPolicy } from "../../bindings/SlaPolicy";
import { ErrorNotice } from "../../components/ErrorNotice";
import { type MessageKey, useI18n } from "../../i18n";
import { DAY_WORDS, DAYS, type FieldErrors, fieldOfProblem, fromFields, type PolicyFields, problemWords, TARGET_WORDS, TARGETS, toFields } from "./policyForm";

export function SlaPolicyPanel({ canEdit = true }: { canEdit?: boolean }) {
  const { t } = useI18n();
  const policy = useQuery(queries.slaPolicy());
  return (
    <section className="card" aria-labelledby="sla-policy-title" data-testid="sla-policy">
      <h3 id="sla-policy-title">{t("slaPolicy.title")}</h3>
      <p className="muted">{t("slaPolicy.intro")}</p>
      {policy.error && <ErrorNotice error={policy.error} />}
      {policy.data && <PolicyForm policy={policy.data} canEdit={canEdit} />}
    </section>
  );
}

function PolicyForm({ policy, canEdit }: { policy: SlaPolicy; canEdit: boolean }) {
  const { t } = useI18n();
  const id = useId();
  const client = useQueryClient();
  const [fields, setFields] = useState<PolicyFields>(() => toFields(policy));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const save = useMutation({
    mutationFn: commands.setSlaPolicy,
    onSuccess: (kept) => {
      setFields(toFields(kept));
      setSaved(true);
      client.setQueryData(keys.slaPolicy(), kept);
      void client.invalidateQueries({ queryKey: keys.sla });
    },
    onError: (error: AppError) => {
      const found: FieldErrors = {};
      for (const problem of error.problems) {
        const field = fieldOfProblem(problem.field);
        if (field) found[field] = problemWords(field, problem.limit, t);
      }
      setErrors(found);
    },
  });
  // The first field to fix takes the focus, so a keyboard user lands on it.
  useEffect(() => {
    if (Object.keys(errors).length > 0) form.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [errors]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const read = fromFields(fields, t);
    if ("errors" in read) setErrors(read.errors);
    else {
      setErrors({});
      save.mutate(read.policy);
    }
  };
  const input = (name: keyof FieldErrors, label: MessageKey, value: string, set: (v: string) => void, hint?: string) => (
    <div className="field" key={name}>
      <label className="field-label" htmlFor={`${id}-${name}`}>
        {t(label)}
      </label>
      <input
        id={`${id}-${name}`}
        className="input"
        value={value}
        onChange={(e) => set(e.target.value)}
        disabled={!canEdit}
        aria-invalid={errors[name] ? "true" : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        placeholder={hint}
        data-testid={`sla-${name}`}
      />
      {errors[name] && (
        <span className="field-problem" id={`${id}-${name}-error`} role="alert">
          {errors[name]}
        </span>
      )}
    </div>
  );
  const unexpected = save.error && save.error.problems.length === 0 ? save.error : null;
  return (
    <form ref={form} onSubmit={submit} noValidate>
      {!canEdit && <p className="muted">{t("slaPolicy.readOnly")}</p>}
      <fieldset>
        <legend>{t("slaPolicy.targets")}</legend>
        {TARGETS.map((field) =>
          input(
            field,
            TARGET_WORDS[field],
            fields.targets[field],
            (v) => setFields({ ...fields, targets: { ...fields.targets, [field]: v } }),
            t("slaPolicy.noTarget"),
          ),
        )}
        {input("atRiskHours", "slaPolicy.atRiskHours", fields.atRiskHours, (v) => setFields({ ...fields, atRiskHours: v }))}
      </fieldset>
      <fieldset>
        <legend>{t("slaPolicy.calendar")}</legend>
        <fieldset aria-invalid={errors.workingDays ? "true" : undefined} aria-describedby={errors.workingDays ? `${id}-days-error` : undefined}>
          <legend>{t("slaPolicy.workingDays")}</legend>
          {DAYS.map((day) => (
            <label className="check" key={day}>
              <input
                type="checkbox"
                checked={fields.workingDays.includes(day)}
                disabled={!canEdit}
                onChange={(e) =>
                  setFields({ ...fields, workingDays: e.target.checked ? [...fields.workingDays, day] : fields.workingDays.filter((d) => d !== day) })
                }
                data-testid={`sla-day-${day}`}
              />
              {t(DAY_WORDS[day])}
            </label>
          ))}
          {errors.workingDays && (
            <span className="field-problem" id={`${id}-days-error`} role="alert">
              {errors.workingDays}
            </span>
          )}
        </fieldset>
        {input("opens", "slaPolicy.opens", fields.opens, (v) => setFields({ ...fields, opens: v }))}
        {input("closes", "slaPolicy.closes", fields.closes, (v) => setFields({ ...fields, closes: v }))}
        {input("utcOffset", "slaPolicy.utcOffset", fields.utcOffset, (v) => setFields({ ...fields, utcOffset: v }))}
        <label className="check">
          <input
            type="checkbox"
            checked={fields.statutoryHolidays}
            disabled={!canEdit}
            onChange={(e) => setFields({ ...fields, statutoryHolidays: e.target.checked })}
            data-testid="sla-statutory"
          />
          {t("slaPolicy.statutoryHolidays")}
        </label>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-daysOff`}>
            {t("slaPolicy.daysOff")}
          </label>
          <textarea
            id={`${id}-daysOff`}
            className="input"
            rows={3}
            value={fields.daysOff}
            disabled={!canEdit}
            onChange={(e) => setFields({ ...fields, daysOff: e.target.value })}
            aria-invalid={errors.daysOff ? "true" : undefined}
            aria-describedby={errors.daysOff ? `${id}-daysOff-error` : undefined}
            data-testid="sla-daysOff"
          />
          {errors.daysOff && (
            <span className="field-problem" id={`${id}-daysOff-error`} role="alert">
              {errors.daysOff}
            </span>
          )}
        </div>
      </fieldset>
      {unexpected && <ErrorNotice error={unexpected} />}
      {saved && (
        <p className="notice notice-ok" role="status" data-testid="sla-policy-saved">
          {t("slaPolicy.saved")}
        </p>
      )}
      {canEdit && (
        <button type="submit" className="button-primary" disabled={save.isPending} data-testid="sla-policy-save">
          {t("slaPolicy.save")}
        </button>
      )}
    </form>
  );
}
