/** Quick answers to a desire (issue 17): one per desire, changeable by its receiver. */
export const ANSWER_CHOICES = ['in', 'later', 'not_tonight'] as const;
export type AnswerChoice = (typeof ANSWER_CHOICES)[number];

export const ANSWER_TEXTS: Record<AnswerChoice, string> = {
  in: /*i18n*/ 'I’m in',
  later: /*i18n*/ 'Later',
  not_tonight: /*i18n*/ 'Not tonight',
};

export const ANSWER_EMOJI: Record<AnswerChoice, string> = {
  in: '😍',
  later: '⏳',
  not_tonight: '🌙',
};

/** Push and mini-app title for the desire's sender: never the choice's wording beyond the name. */
export const ANSWERED_TITLE = /*i18n*/ '{name} answered your desire';
/** The notification's body: it says where to look, not what was answered. */
export const ANSWERED_BODY = /*i18n*/ 'Open the app to see the answer';
/** Values: name, and answer (the choice's text, itself translated). */
export const ANSWERED_TOAST = /*i18n*/ '{name} answered: {answer}';

/** The optional note with an answer (encrypted as a desire's note is). */
export const ANSWER_NOTE_TEXTS = {
  add: /*i18n*/ 'Add a note',
  change: /*i18n*/ 'Change the note',
  label: /*i18n*/ 'A note with your answer',
  placeholder: /*i18n*/ 'A few words for your partner…',
  send: /*i18n*/ 'Send note',
  remove: /*i18n*/ 'Remove the note',
  cancel: /*i18n*/ 'Cancel',
  yours: /*i18n*/ 'Your note',
  sent: /*i18n*/ 'Note sent',
  removed: /*i18n*/ 'Note removed',
} as const;
