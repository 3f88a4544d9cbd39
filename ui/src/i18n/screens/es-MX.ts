import { aboutEsMX } from "../about/es-MX";
import { auditEsMX } from "../audit/es-MX";
import { complementaryEsMX } from "../complementary/es-MX";
import { detailEsMX } from "../detail/es-MX";
import { dossierEsMX } from "../dossier/es-MX";
import { enrollmentEsMX } from "../enrollment/es-MX";
import { historyEsMX } from "../history/es-MX";
import { newFileEsMX } from "../newfile/es-MX";
import { profilesEsMX } from "../profiles/es-MX";
import { reviewEsMX } from "../review/es-MX";
import { shortcutsEsMX } from "../shortcuts/es-MX";
import { teamEsMX } from "../team/es-MX";
import { verificationsEsMX } from "../verifications/es-MX";
import { slaPolicyEsMX } from "../watchlist/slaPolicy.es-MX";
import { sharedEsMX } from "./shared.es-MX";

// The screens' words in Spanish (es-MX): those no script of the first paint shows, loaded with
// the screens (screenWords.ts), each screen's in its folder. Their keys are the type the English
// must match (./en.ts).
export const screensEsMX = {
  ...sharedEsMX,
  ...aboutEsMX,
  ...complementaryEsMX,
  ...detailEsMX,
  ...dossierEsMX,
  ...enrollmentEsMX,
  ...historyEsMX,
  ...auditEsMX,
  ...profilesEsMX,
  ...reviewEsMX,
  ...shortcutsEsMX,
  ...newFileEsMX,
  ...teamEsMX,
  ...verificationsEsMX,
  ...slaPolicyEsMX,
};

export type ScreenKey = keyof typeof screensEsMX;
