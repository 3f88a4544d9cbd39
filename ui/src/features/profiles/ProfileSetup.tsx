import { useI18n } from "../../i18n";
import { ProfileForm } from "./ProfileForm";
import "./profiles.css";

/** The first-run screen: the first profile, which the backend makes the active one.
 * Once the connection is verified the success stays on screen a moment, then the app
 * opens. */
export function ProfileSetup({ onDone }: { onDone: () => void }) {
  const { t } = useI18n();
  return (
    <section className="page setup" aria-labelledby="setup-title">
      <h2 id="setup-title">{t("setupTitle")}</h2>
      <p className="muted">{t("setupIntro")}</p>
      <ProfileForm onConnected={() => setTimeout(onDone, 900)} />
    </section>
  );
}
