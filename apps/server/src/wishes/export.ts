import type { AccountRecords } from '@couple/protocol';
import type { Queryable } from '../db/index.js';
import { selectItems, selectOwnMatchSet, selectRounds } from './repository.js';
import { selectOwnBackup } from './backup-repository.js';

/**
 * The person's wishes for the export, sealed as stored: the custom wishes they proposed (the
 * partner's are the partner's), the couple's open rounds (the person is a side of each), their
 * own match list, and the backup of their own answers (sealed to their own key only, whoever
 * they are paired with). Read as the user, so only the current pairing's rows are there.
 */
export async function selectOwnWishes(
  q: Queryable,
  userId: string,
): Promise<AccountRecords['wishes']> {
  const items = await selectItems(q);
  return {
    items: items.filter((item) => item.proposer_id === userId),
    rounds: await selectRounds(q),
    matches: await selectOwnMatchSet(q, userId),
    backup: await selectOwnBackup(q),
  };
}
