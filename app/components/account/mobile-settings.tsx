import { Form, Link } from "react-router";
import { formatMobile, isIndianMobile } from "#core/phone.ts";
import { PROFILE_WHATSAPP_OFF, PROFILE_WHATSAPP_ON } from "#core/whatsapp-consent.ts";
import { IntentSubmit } from "../ui/submit-button.tsx";
import { TitledSection } from "../ui/titled-section.tsx";

/**
 * The account's mobile number (the one it signs in with, proved by a code), the way to add or change
 * it, and the switch for WhatsApp order updates to it, with the words the choice is kept with.
 */
export function MobileSettings({ mobile, whatsappUpdates }: { mobile: string | null; whatsappUpdates: boolean }) {
  const shown = mobile && isIndianMobile(mobile) ? formatMobile(mobile) : null;
  return (
    <TitledSection
      id="mobile-heading"
      title="Mobile number"
      className="mt-10 border-t border-zinc-200 pt-6 dark:border-zinc-800"
      titleClassName="font-display text-xl font-semibold"
    >
      <p className="mt-2 text-sm" data-testid="profile-mobile">
        {shown ? `${shown} (verified: you can sign in with it)` : "Not added: add one to sign in with a code by SMS."}
      </p>
      <Link to="/profile/mobile" className="btn-outline mt-3 inline-block">
        {shown ? "Change mobile number" : "Add mobile number"}
      </Link>
      {shown ? <WhatsappSwitch on={whatsappUpdates} /> : null}
    </TitledSection>
  );
}

/** WhatsApp order updates on or off; the words beside the button are the ones kept with the choice. */
function WhatsappSwitch({ on }: { on: boolean }) {
  return (
    <Form method="post" className="mt-5 flex flex-col gap-2 text-sm">
      <p>
        <span className="font-medium">WhatsApp order updates: {on ? "on" : "off"}.</span>{" "}
        {on ? PROFILE_WHATSAPP_OFF : PROFILE_WHATSAPP_ON}
      </p>
      <input type="hidden" name="whatsapp" value={on ? "off" : "on"} />
      <div>
        <IntentSubmit
          intent="whatsapp"
          label={on ? "Turn off WhatsApp updates" : "Turn on WhatsApp updates"}
          pendingLabel="Saving…"
          className="btn-outline"
        />
      </div>
    </Form>
  );
}
