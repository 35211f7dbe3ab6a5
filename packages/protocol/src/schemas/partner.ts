import { z } from 'zod';
import { PAIRING_CODE_ALPHABET, PAIRING_CODE_LENGTH } from '../constants.js';
import { SERVER_TEXTS } from '../texts.js';
import { partnerStatusSchema, partnerSummarySchema } from './profile.js';

/** Strips the display dash and white space and upper-cases, so any typing of a code matches. */
export function normalizePairingCode(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

export function formatPairingCode(code: string): string {
  const plain = normalizePairingCode(code);
  return `${plain.slice(0, 4)}-${plain.slice(4)}`;
}

const codePattern = new RegExp(`^[${PAIRING_CODE_ALPHABET}]{${PAIRING_CODE_LENGTH}}$`);

export const pairingCodeSchema = z
  .string({ error: SERVER_TEXTS.invalidPairingCode })
  .max(32, SERVER_TEXTS.invalidPairingCode)
  .transform(normalizePairingCode)
  .pipe(z.string().regex(codePattern, SERVER_TEXTS.invalidPairingCode));

export const connectBodySchema = z.strictObject({ code: pairingCodeSchema });

export const generateCodeResultSchema = z.object({
  success: z.boolean(),
  code: z.string().nullable(),
  expires_at: z.string().nullable(),
  error: z.string().nullable(),
});
export type GenerateCodeResult = z.infer<typeof generateCodeResultSchema>;

export const rpcResultSchema = z.object({
  success: z.boolean(),
  message: z.string().nullable().optional(),
  error: z.string().nullable(),
});
export type RpcResult = z.infer<typeof rpcResultSchema>;

export const partnerStatusResponseSchema = z.object({
  status: partnerStatusSchema,
  has_partner: z.boolean(),
  partner: partnerSummarySchema.nullable(),
});
export type PartnerStatusResponse = z.infer<typeof partnerStatusResponseSchema>;
