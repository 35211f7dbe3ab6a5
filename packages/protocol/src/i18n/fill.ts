/**
 * A message's English with its values put in, without a catalog: for texts thrown as errors and
 * written to logs, where code that may run before (or without) Lingui builds them. Plain
 * `{name}` placeholders only; the shown text goes through the catalog.
 */
export function fillEnglish(id: string, values: Readonly<Record<string, string | number>>): string {
  return id.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
