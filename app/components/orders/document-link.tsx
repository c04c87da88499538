import { FileText } from "lucide-react";
import type { ReactNode } from "react";

/** A tax document (invoice, credit note) to download, as a button with its icon: the link names it. */
export function DocumentLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} className="btn-outline" download>
      <FileText aria-hidden="true" className="size-4" />
      {children}
    </a>
  );
}
