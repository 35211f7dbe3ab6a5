/** Prints a plain-text table (also valid Markdown) with right-aligned numeric cells. */
export function printTable(title: string, headers: string[], rows: string[][]): void {
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const numeric = (cell: string) => /^[-\d.,×%]+( ?[a-zA-Z%/×]*)?$/.test(cell);
  const line = (cells: string[]) =>
    `| ${cells
      .map((cell, i) => (numeric(cell) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join(' | ')} |`;
  console.log(`\n${title}\n`);
  console.log(line(headers));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  console.log('');
}
