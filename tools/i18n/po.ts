import { readFileSync } from 'node:fs';
import PO from 'pofile';

/** A PO catalog as id → translation ('' when untranslated); the header entry left out. */
export function readCatalog(path: string): Map<string, string> {
  const po = PO.parse(readFileSync(path, 'utf8'));
  return new Map(po.items.map((item) => [item.msgid, item.msgstr.join('')]));
}
