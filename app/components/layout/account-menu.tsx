import { CircleUser } from "lucide-react";
import { ACCOUNT_MENU_LABELS, type NavLink, type Viewer } from "#core/viewer.ts";
import { useT } from "../../locales/i18n.ts";
import { BarPopover } from "./bar-popover.tsx";
import { NavItem } from "./nav-items.tsx";

/**
 * The signed-in person's links (Profile, Update Profile, Orders, Logout) under one button, so the
 * top bar fits from 768 px up. A native popover: Escape and a click elsewhere close it.
 */
export function AccountMenu({ viewer, links }: { viewer: NonNullable<Viewer>; links: NavLink[] }) {
  const t = useT();
  const firstName = viewer.name.split(/\s+/)[0] || t("frame.account");
  return (
    <BarPopover
      buttonClassName="flex h-10 items-center gap-1 rounded-full px-2 text-sm font-medium hover:bg-zinc-100 dark:hover:bg-zinc-800"
      label={
        <>
          <CircleUser aria-hidden="true" className="size-5" />
          <span className="max-w-28 truncate">{firstName}</span>
          <span className="sr-only">{t("frame.accountMenu")}</span>
        </>
      }
      panelClassName="fixed inset-auto top-16 right-4 m-0 w-56 rounded-lg border border-zinc-200 bg-white p-2 text-zinc-900 shadow-lg dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <p className="truncate border-b border-zinc-200 px-3 pt-1 pb-2 text-xs text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
        {viewer.email || t("frame.signedInWithMobile")}
      </p>
      <ul className="mt-1 flex flex-col">
        {links
          .filter((link) => ACCOUNT_MENU_LABELS.has(link.label))
          .map((link) => (
            <li key={link.label}>
              <NavItem
                link={link}
                className="block w-full rounded-md px-3 py-2 text-left text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800"
              />
            </li>
          ))}
      </ul>
    </BarPopover>
  );
}
