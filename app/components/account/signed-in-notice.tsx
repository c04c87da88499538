import { fillInNodes } from "../../locales/fill-in-nodes.tsx";
import { useT } from "../../locales/i18n.ts";
import { Link } from "../../locales/link.tsx";
import { NavItem } from "../layout/nav-items.tsx";

/** Who is signed in; `home` is a member of staff's first admin page, null for a customer. */
export type SignedInAs = { email: string; home: string | null } | null;

/**
 * What the login, signup and account screens show to someone already signed in: who they are,
 * where to go on, and how to log out to use another account.
 */
export function SignedInNotice({ signedInAs, onward }: { signedInAs: NonNullable<SignedInAs>; onward?: string }) {
  const next = onward ?? signedInAs.home ?? "/";
  const t = useT();
  return (
    <div className="flex flex-col gap-4 text-center" data-testid="signed-in-notice">
      <p>{fillInNodes(t("signedIn.as"), { email: <strong className="break-all">{signedInAs.email}</strong> })}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={next} className="btn-primary">
          {next === signedInAs.home
            ? t("signedIn.admin")
            : next === "/cart"
              ? t("signedIn.cart")
              : t("signedIn.continue")}
        </Link>
        <NavItem link={{ action: "logout", label: t("signedIn.logOut") }} className="btn-outline" />
      </div>
    </div>
  );
}
