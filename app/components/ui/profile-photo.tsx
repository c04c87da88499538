import { UserRound } from "lucide-react";
import { useT } from "../../locales/i18n.ts";

/** The profile photo, or a placeholder when there is none. */
export function ProfilePhoto({ url, name, size }: { url: string | null; name: string; size: number }) {
  const t = useT();
  if (url) {
    return (
      <img
        src={url}
        alt={name}
        width={size}
        height={size}
        className="rounded-full object-cover ring-2 ring-gold-400"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <div
      role="img"
      aria-label={t("photo.none")}
      className="flex items-center justify-center rounded-full bg-zinc-100 text-zinc-400 ring-2 ring-gold-400 dark:bg-zinc-800"
      style={{ width: size, height: size }}
    >
      <UserRound aria-hidden="true" style={{ width: size / 2, height: size / 2 }} />
    </div>
  );
}
