/** The column headings of an admin table. */
export function TableHead({ headings }: { headings: readonly string[] }) {
  return (
    <thead className="border-b border-zinc-200 text-xs text-zinc-600 dark:text-zinc-400 uppercase dark:border-zinc-800">
      <tr>
        {headings.map((heading) => (
          <th key={heading} scope="col" className="px-2 py-2">
            {heading}
          </th>
        ))}
      </tr>
    </thead>
  );
}
