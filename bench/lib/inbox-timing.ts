import { summarize, type LatencySummary } from './stats.js';

/** Sequential authenticated GETs of one route (no concurrency): the time one user waits. */
export async function timeRoute(url: string, token: string, count = 100): Promise<LatencySummary> {
  const durations: number[] = [];
  const deadline = performance.now() + 30_000;
  for (let i = 0; i < count && performance.now() < deadline; i += 1) {
    const start = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    durations.push(performance.now() - start);
  }
  return summarize(durations);
}
