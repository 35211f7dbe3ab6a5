/** A refusal or failure to report to the operator in one line, without a stack. */
export class MoveError extends Error {}
