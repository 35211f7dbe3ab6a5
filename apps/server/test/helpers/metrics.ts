import { request, type ApiResponse } from './api.js';
import { parsePrometheusText, type Family, type Sample } from './prometheus-text.js';

export type { Family };

export interface Scrape extends ApiResponse<string> {
  families: Family[];
}

/** GET /metrics at a base URL, parsed strictly when it answered 200. */
export async function scrape(baseUrl: string, token?: string): Promise<Scrape> {
  const response = await request<string>(baseUrl, 'GET', '/metrics', { token });
  const families = response.status === 200 ? parsePrometheusText(response.body) : [];
  return { ...response, families };
}

/** The samples of one family (any of its series) carrying the given labels, among others. */
export function samples(
  families: Family[],
  name: string,
  labels: Record<string, string> = {},
): Sample[] {
  const family = families.find((candidate) => candidate.name === name);
  if (!family) throw new Error(`no metric ${name}`);
  return family.samples.filter((sample) =>
    Object.entries(labels).every(([label, value]) => sample.labels[label] === value),
  );
}

/** A counter's or gauge's value: the sum of its samples with those labels (0 when none). */
export function valueOf(
  families: Family[],
  name: string,
  labels: Record<string, string> = {},
): number {
  return samples(families, name, labels).reduce((sum, sample) => sum + sample.value, 0);
}
