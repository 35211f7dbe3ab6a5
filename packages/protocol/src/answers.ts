/** Quick answers to a desire (issue 17): one per desire, changeable by its receiver. */
export const ANSWER_CHOICES = ['in', 'later', 'not_tonight'] as const;
export type AnswerChoice = (typeof ANSWER_CHOICES)[number];

export const ANSWER_TEXTS: Record<AnswerChoice, string> = {
  in: 'I’m in',
  later: 'Later',
  not_tonight: 'Not tonight',
};

export const ANSWER_EMOJI: Record<AnswerChoice, string> = {
  in: '😍',
  later: '⏳',
  not_tonight: '🌙',
};

/** Push and mini-app title for the desire's sender: never the choice's wording beyond the name. */
export const answeredTitle = (name: string) => `${name} answered your desire`;
/** The notification's body: it says where to look, not what was answered. */
export const ANSWERED_BODY = 'Open the app to see the answer';
export const answeredToast = (name: string, choice: AnswerChoice) =>
  `${name} answered: ${ANSWER_TEXTS[choice]}`;

/** The optional note with an answer (encrypted as a desire's note is). */
export const ANSWER_NOTE_TEXTS = {
  add: 'Add a note',
  change: 'Change the note',
  label: 'A note with your answer',
  placeholder: 'A few words for your partner…',
  send: 'Send note',
  remove: 'Remove the note',
  cancel: 'Cancel',
  yours: 'Your note',
  sent: 'Note sent',
  removed: 'Note removed',
} as const;
