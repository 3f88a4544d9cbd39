import { useQuery } from "@tanstack/react-query";

import { queries } from "../../api/queries";
import { useI18n } from "../../i18n";
import { ProfileForm } from "./ProfileForm";
import "./profiles.css";

/** How long the verified connection stays on screen before the app opens. */
export const CONNECTED_SHOWN_MS = 900;

/** The first-run screen: the first profile, which the backend makes the active one.
 * Once the connection is verified the success stays on screen a moment, then the app
 * opens. It is only met without the demo (the demo brings its own profile), so it says
 * how to reach the demo, unless the company's policy turned the demo off. */
export function ProfileSetup({ onDone }: { onDone: () => void }) {
  const { t } = useI18n();
  // Said once the policy is read, so that no line shows that the policy then takes back.
  const demoAllowed = useQuery(queries.policy()).data?.demo === true;
  return (
    <section className="page setup" aria-labelledby="setup-title">
      <h2 id="setup-title">{t("setupTitle")}</h2>
      <p className="muted">{t("setupIntro")}</p>
      {demoAllowed && (
        <p className="muted small" data-testid="setup-demo">
          {t("profiles.demoHint")}
        </p>
      )}
      <ProfileForm onConnected={() => setTimeout(onDone, CONNECTED_SHOWN_MS)} />
    </section>
  );
}
