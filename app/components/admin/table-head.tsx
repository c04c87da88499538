/** A column heading: its words, and a class for a column shown only from some width on. */
export type Heading = string | { label: string; className: string };

/** The column headings of an admin table. */
export function TableHead({ headings }: { headings: readonly Heading[] }) {
  return (
    <thead className="border-b border-zinc-200 text-xs text-zinc-600 dark:text-zinc-400 uppercase dark:border-zinc-800">
      <tr>
        {headings.map((heading) => {
          const { label, className } = typeof heading === "string" ? { label: heading, className: "" } : heading;
          return (
            <th key={label} scope="col" className={`px-2 py-2 ${className}`}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
