import type { Message, Thought } from '@couple/protocol';

export type InboxItem =
  | { kind: 'desire'; created_at: string; message: Message }
  | { kind: 'thought'; created_at: string; thought: Thought };

/**
 * Desires and thoughts of one box in one time line, newest first. While older desires are still
 * to load, thoughts older than the oldest desire shown wait for them (no gap in the middle).
 */
export function interleave(
  messages: readonly Message[],
  thoughts: readonly Thought[],
  moreDesires: boolean,
): InboxItem[] {
  const oldest = moreDesires ? messages.at(-1)?.created_at : undefined;
  const items: InboxItem[] = [
    ...messages.map((message) => ({
      kind: 'desire' as const,
      created_at: message.created_at,
      message,
    })),
    ...thoughts
      .filter((thought) => oldest === undefined || thought.created_at >= oldest)
      .map((thought) => ({ kind: 'thought' as const, created_at: thought.created_at, thought })),
  ];
  return items.sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}
