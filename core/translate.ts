/** Values put into a message's `{name}` placeholders. */
export type MessageValues = Readonly<Record<string, string | number>>;

/** A message with its placeholders filled in; a placeholder with no value stays as written. */
export function fillIn(template: string, values?: MessageValues): string {
  if (!values) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The placeholders a message uses, sorted: the catalogues' test holds every language to the English set. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? "").sort();
}
