/**
 * The server's texts of wishes and "thinking of you": error texts and the pushes, which never
 * name a wish (docs/security.md, "Private wish matching").
 */
export const WISH_TEXTS = {
  wishIdTaken: /*i18n*/ 'This wish already exists',
  wishNotFound: /*i18n*/ 'This wish is no longer on your list',
  wishListFull: /*i18n*/ 'Your list already holds as many wishes of your own as it can',
  wishRoundNotFound: /*i18n*/ 'This matching round is no longer open',
  wishRoundOutOfOrder: /*i18n*/ 'This matching round has already moved on',
  wishRoundsLimited: /*i18n*/ 'Matching has run many times just now. It goes on in a little while',
  wishBackupChanged: /*i18n*/ 'Your answers changed on another device. Read them again first',
  wishBackupKeyStale: /*i18n*/ 'Your answers must be sealed with your current key',
  wishBackupsLimited:
    /*i18n*/ 'Your answers were saved many times just now. It goes on in a little while',
  thoughtRateLimited: /*i18n*/ 'You just told them. Try again in a little while',
  newMatchPush: /*i18n*/ 'You have a new match',
  thinkingOfYouPush: /*i18n*/ '{name} is thinking of you',
} as const;
