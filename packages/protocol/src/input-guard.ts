import { INPUT_DEPTH_MAX } from './constants.js';
import { SERVER_TEXTS } from './texts.js';

/** C0 control characters and DEL, except tab, line feed and carriage return. */
export function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) {
      return true;
    }
  }
  return false;
}

export type InputProblem = { kind: 'too_deep' | 'control_character'; message: string };

function label(path: readonly (string | number)[]): string {
  return path.length === 0 ? 'Input' : path.join('.');
}

/**
 * Checks what any parsed input (JSON body, query, socket payload) may hold before a schema,
 * JSON.stringify or SQL sees it: nesting at most INPUT_DEPTH_MAX deep, no control characters in
 * keys or strings (PostgreSQL cannot store NUL; the others are never meant). Iterative, so a
 * hostile depth cannot exhaust the stack.
 */
export function findInputProblem(input: unknown): InputProblem | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: input, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (hasControlCharacter(value)) {
        return { kind: 'control_character', message: SERVER_TEXTS.controlCharacters(label(path)) };
      }
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (path.length >= INPUT_DEPTH_MAX) {
      return { kind: 'too_deep', message: SERVER_TEXTS.tooDeep(INPUT_DEPTH_MAX) };
    }
    const entries = Array.isArray(value)
      ? value.map((item, index) => [index, item] as const)
      : Object.entries(value);
    for (const [key, item] of entries) {
      if (typeof key === 'string' && hasControlCharacter(key)) {
        return { kind: 'control_character', message: SERVER_TEXTS.controlCharacters(label(path)) };
      }
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return null;
}
