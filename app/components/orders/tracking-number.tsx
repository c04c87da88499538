import { ExternalLink } from "lucide-react";
import { trackingUrl } from "#core/couriers.ts";
import { useT } from "../../locales/i18n.ts";

/** A parcel's tracking number: a link to the courier's tracking page where the courier is known, else plain text. */
export function TrackingNumber({ courier, trackingNumber }: { courier: string; trackingNumber: string }) {
  const t = useT();
  const href = trackingUrl(courier, trackingNumber);
  if (!href) return <span className="font-mono">{trackingNumber}</span>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      className="inline-flex items-center gap-1 font-mono underline underline-offset-4"
    >
      {trackingNumber}
      <ExternalLink aria-hidden="true" className="size-3.5" />
      <span className="sr-only">{t("tracking.newTab")}</span>
    </a>
  );
}
