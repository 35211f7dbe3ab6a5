import { z } from 'zod';

/**
 * The METRICS_* variables, spread into the server's config schema. Metrics are off unless one of
 * METRICS_PORT (a listener of their own) or METRICS_TOKEN (GET /metrics on the main port, behind
 * that bearer token) is set; with both, the token is asked on the metrics port too.
 */
export const metricsEnvShape = {
  /** 0 takes any free port (tests). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The metrics listener's address; HOST when unset. */
  METRICS_HOST: z.string().min(1).optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
};

/** Whether anyone can read the metrics (a port or a token is set): else they are not timed. */
export function metricsReadable(config: {
  METRICS_PORT?: number;
  METRICS_TOKEN?: string;
}): boolean {
  return config.METRICS_PORT !== undefined || config.METRICS_TOKEN !== undefined;
}
