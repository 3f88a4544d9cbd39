// The risk lists in words: each format's name and publisher's file, a list's provenance.
// What a list is, how it is read and what it holds are the backend's
// (kyb_desk_core::screening); the window only says them.
import type { HitVerdict } from "../../bindings/HitVerdict";
import type { ListFormat } from "../../bindings/ListFormat";
import type { PartyRole } from "../../bindings/PartyRole";
import type { MessageKey } from "../../i18n";

/** Every format the desk reads, in the order the screen offers them. */
export const FORMATS: ListFormat[] = ["sat69b", "sat69", "ofac_sdn", "un_consolidated", "open_sanctions"];

export const FORMAT_NAME: Record<ListFormat, MessageKey> = {
  sat69b: "lists.format.sat69b",
  sat69: "lists.format.sat69",
  ofac_sdn: "lists.format.ofac_sdn",
  un_consolidated: "lists.format.un_consolidated",
  open_sanctions: "lists.format.open_sanctions",
};

/** The file(s) the publisher names, for the import's hint. */
export const FORMAT_FILES: Record<ListFormat, string> = {
  sat69b: "Listado_Completo_69-B.csv",
  sat69: "Cancelados.csv, No_localizados.csv, Firmes.csv…",
  ofac_sdn: "sdn.csv + alt.csv",
  un_consolidated: "consolidated.xml",
  open_sanctions: "targets.simple.csv",
};

export const ROLE_NAME: Record<PartyRole, MessageKey> = {
  company: "hit.role.company",
  shareholder: "hit.role.shareholder",
  administrator: "hit.role.administrator",
  oversight: "hit.role.oversight",
  representative: "hit.role.representative",
};

export const VERDICT_NAME: Record<HitVerdict, MessageKey> = {
  true_match: "hit.verdict.true_match",
  false_positive: "hit.verdict.false_positive",
};
