import { z } from 'zod';
import { QUIET_TEXTS, QUIET_TIME, isTimeZone } from '../quiet-hours.js';

const time = z.string({ error: QUIET_TEXTS.badTime }).regex(QUIET_TIME, QUIET_TEXTS.badTime);

export const quietHoursBodySchema = z
  .strictObject({
    start: time,
    end: time,
    time_zone: z
      .string({ error: QUIET_TEXTS.badZone })
      .max(64, QUIET_TEXTS.badZone)
      .refine(isTimeZone, QUIET_TEXTS.badZone),
  })
  .refine((window) => window.start !== window.end, QUIET_TEXTS.sameStartEnd);

const windowSchema = z.object({ start: z.string(), end: z.string(), time_zone: z.string() });

export const quietHoursAnswerSchema = z.object({
  own: windowSchema.nullable(),
  /** The partner's window is theirs; the sender sees only whether it is on now, and until when. */
  partner: z.object({ active: z.boolean(), until: z.string().nullable() }).nullable(),
});
export type QuietHoursAnswer = z.infer<typeof quietHoursAnswerSchema>;
export const quietWindowSchema = windowSchema;
