import type { Request } from '@playwright/test';
import { API_PREFIX, API_ROUTES, routePath, type ApiRouteName } from '@couple/protocol/browser';

/** The URL path of a contract route (packages/protocol/src/contract/routes.ts), as the app calls it. */
export function apiPath(name: ApiRouteName, params: Record<string, string> = {}): string {
  return API_PREFIX + routePath(name, params);
}

/** Whether a browser request calls this route: its method, and its path with any parameters. */
export function isApiCall(request: Request, name: ApiRouteName): boolean {
  const route = API_ROUTES[name];
  const path = new RegExp(`^${API_PREFIX}${route.path.replace(/:[a-zA-Z]+/g, '[^/]+')}$`);
  return request.method() === route.method && path.test(new URL(request.url()).pathname);
}
