// What the form makes of its rules: which fields are required (the backend's rules say,
// through the check of a blank form) and the additional data's problem in words.
import { useEffect, useState } from "react";
import * as commands from "../../api/commands";
import type { Translate } from "../../i18n";
import { type DataCheck, emptyForm, type Field, requiredFields, toRequest } from "./model";

/** The fields the rules require: those the check of a blank form finds missing. None
 * until the check answers (and none if it fails: no mark rather than a wrong one). */
export function useRequiredFields(): Set<Field> {
  const [required, setRequired] = useState<Set<Field>>(new Set());
  useEffect(() => {
    let live = true;
    commands.checkNewFile(toRequest(emptyForm)).then(
      (found) => {
        if (live) setRequired(requiredFields(found));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return required;
}

/** The additional data's problem in the user's words, with where the text stops being
 * JSON; null when it has none. */
export function dataProblem(data: DataCheck, t: Translate): string | null {
  if (data.ok) return null;
  if (data.problem === "notObject") return t("new.dataNotObject");
  if (data.fault === null) return t("new.dataInvalid");
  return data.fault.kind === "end" ? t("new.dataIncomplete") : t("new.dataInvalidAt", { line: data.fault.line, column: data.fault.column });
}
