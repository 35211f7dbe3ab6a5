import type { Request } from '@playwright/test';
import { API_PREFIX, API_ROUTES, routePath, type ApiRouteName } from '@couple/protocol/browser';

/** The URL path of a contract route (packages/protocol/src/contract/routes.ts), as the app calls it. */
export function apiPath(name: ApiRouteName, params: Record<string, string> = {}): string {
  return API_PREFIX + routePath(name, params);
}

const pathPatterns = new Map<ApiRouteName, RegExp>();

/** Whether a browser request calls this route: its method, and its path with any parameters. */
export function isApiCall(request: Request, name: ApiRouteName): boolean {
  const route = API_ROUTES[name];
  if (request.method() !== route.method) return false;
  let pattern = pathPatterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`^${API_PREFIX}${route.path.replace(/:[a-zA-Z]+/g, '[^/]+')}$`);
    pathPatterns.set(name, pattern);
  }
  return pattern.test(new URL(request.url()).pathname);
}
