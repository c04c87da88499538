import { type Heading, TableHead } from "./table-head.tsx";

type AdminTableProps = {
  /** What the table lists, for screen readers (the page's heading already says it to the eye). */
  caption: string;
  headings: readonly Heading[];
  /** The least width, below which the table scrolls sideways rather than crush its columns. */
  minWidth?: "min-w-[48rem]" | "min-w-[56rem]" | "min-w-[36rem] xl:min-w-[56rem]";
  /** The rows. */
  children: React.ReactNode;
};

/** A table of the admin area: its hidden caption, its column headings, and its rows. */
export function AdminTable({ caption, headings, minWidth = "min-w-[48rem]", children }: AdminTableProps) {
  return (
    <table className={`w-full ${minWidth} text-left text-sm`}>
      <caption className="sr-only">{caption}</caption>
      <TableHead headings={headings} />
      <tbody>{children}</tbody>
    </table>
  );
}
