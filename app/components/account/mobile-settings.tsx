import { formatMobile, isIndianMobile } from "#core/phone.ts";
import { profileWhatsappWording } from "#core/whatsapp-consent.ts";
import { useLocale, useT } from "../../locales/i18n.ts";
import { Form, Link } from "../../locales/link.tsx";
import { IntentSubmit } from "../ui/submit-button.tsx";
import { TitledSection } from "../ui/titled-section.tsx";

/**
 * The account's mobile number (the one it signs in with, proved by a code), the way to add or change
 * it, and the switch for WhatsApp order updates to it, with the words the choice is kept with.
 */
export function MobileSettings({ mobile, whatsappUpdates }: { mobile: string | null; whatsappUpdates: boolean }) {
  const shown = mobile && isIndianMobile(mobile) ? formatMobile(mobile) : null;
  const t = useT();
  return (
    <TitledSection
      id="mobile-heading"
      title={t("mobile.title")}
      className="mt-10 border-t border-zinc-200 pt-6 dark:border-zinc-800"
      titleClassName="font-display text-xl font-semibold"
    >
      <p className="mt-2 text-sm" data-testid="profile-mobile">
        {shown ? t("mobile.verified", { mobile: shown }) : t("mobile.notAdded")}
      </p>
      <Link to="/profile/mobile" className="btn-outline mt-3 inline-block">
        {shown ? t("mobile.change") : t("mobile.add")}
      </Link>
      {shown ? <WhatsappSwitch on={whatsappUpdates} /> : null}
    </TitledSection>
  );
}

/** WhatsApp order updates on or off; the words beside the button are the ones kept with the choice. */
function WhatsappSwitch({ on }: { on: boolean }) {
  const t = useT();
  const language = useLocale();
  return (
    <Form method="post" className="mt-5 flex flex-col gap-2 text-sm">
      <p>
        <span className="font-medium">{on ? t("mobile.whatsappOn") : t("mobile.whatsappOff")}</span>{" "}
        {profileWhatsappWording(!on, language)}
      </p>
      <input type="hidden" name="whatsapp" value={on ? "off" : "on"} />
      <div>
        <IntentSubmit
          intent="whatsapp"
          label={on ? t("mobile.turnOff") : t("mobile.turnOn")}
          pendingLabel={t("acct.saving")}
          className="btn-outline"
        />
      </div>
    </Form>
  );
}
