import { MIGRATION_TABLES, type Column, type Table } from './catalog.js';
import { MoveError } from './errors.js';

/**
 * Both databases must be at the same schema version. The copy of the source has been migrated
 * by this version already, so a difference means one side was migrated by a newer version.
 */
export function compareVersions(source: string[], target: string[]): void {
  const newerInSource = source.filter((version) => !target.includes(version));
  if (newerInSource.length > 0) {
    throw new MoveError(
      `the source was migrated by a newer version of the app (${newerInSource.join(', ')}): run db:move of that version`,
    );
  }
  const newerInTarget = target.filter((version) => !source.includes(version));
  if (newerInTarget.length > 0) {
    throw new MoveError(
      `the target was migrated by a newer version of the app (${newerInTarget.join(', ')}): run db:move of that version`,
    );
  }
}

const describeColumn = (column: Column) =>
  `${column.name} ${column.type}${column.identity ? ' identity' : ''}${column.generated ? ' generated' : ''}`;

/**
 * The tables to copy (all but the migrations' own), after checking that both sides have the same
 * tables with the same columns (name, type, identity, generated), in any order.
 */
export function compareSchemas(source: Table[], target: Table[]): Table[] {
  const copied = (tables: Table[]) =>
    tables.filter((table) => !MIGRATION_TABLES.includes(table.name));
  const targetTables = new Map(copied(target).map((table) => [table.name, table]));
  const differences: string[] = [];
  for (const table of copied(source)) {
    const other = targetTables.get(table.name);
    if (!other) {
      differences.push(`table ${table.name} is missing in the target`);
      continue;
    }
    const mine = new Set(table.columns.map(describeColumn));
    const theirs = new Set(other.columns.map(describeColumn));
    for (const column of mine)
      if (!theirs.has(column)) differences.push(`${table.name}.${column} only in the source`);
    for (const column of theirs)
      if (!mine.has(column)) differences.push(`${table.name}.${column} only in the target`);
    targetTables.delete(table.name);
  }
  for (const name of targetTables.keys()) differences.push(`table ${name} only in the target`);
  if (differences.length > 0) {
    throw new MoveError(
      `the source and target schemas differ although both are at the same migration (${differences.join('; ')}): was either database changed by hand?`,
    );
  }
  return copied(source);
}
