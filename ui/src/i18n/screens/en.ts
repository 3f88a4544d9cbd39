import { aboutEn } from "../about/en";
import { auditEn } from "../audit/en";
import { complementaryEn } from "../complementary/en";
import { detailEn } from "../detail/en";
import { dossierEn } from "../dossier/en";
import { enrollmentEn } from "../enrollment/en";
import { historyEn } from "../history/en";
import { newFileEn } from "../newfile/en";
import { profilesEn } from "../profiles/en";
import { reviewEn } from "../review/en";
import { shortcutsEn } from "../shortcuts/en";
import { teamEn } from "../team/en";
import { verificationsEn } from "../verifications/en";
import { slaPolicyEn } from "../watchlist/slaPolicy.en";
import type { ScreenKey } from "./es-MX";
import { sharedEn } from "./shared.en";

// The screens' words in English, typed by the Spanish keys.
export const screensEn: Record<ScreenKey, string> = {
  ...sharedEn,
  ...aboutEn,
  ...complementaryEn,
  ...detailEn,
  ...dossierEn,
  ...enrollmentEn,
  ...historyEn,
  ...auditEn,
  ...profilesEn,
  ...reviewEn,
  ...shortcutsEn,
  ...newFileEn,
  ...teamEn,
  ...verificationsEn,
  ...slaPolicyEn,
};
