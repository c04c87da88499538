import type { ReactNode } from "react";

/**
 * A section named by its heading: screen readers list it by the heading's words (aria-labelledby),
 * and the id that ties the two is written once.
 */
export function TitledSection({
  id,
  title,
  className,
  titleClassName = "text-lg font-semibold",
  children,
}: {
  id: string;
  title: ReactNode;
  className: string;
  titleClassName?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
