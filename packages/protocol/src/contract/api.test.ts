import { describe, expect, it } from 'vitest';
import { API_CONTRACT } from './api.js';
import { API_ROUTES, type ApiRouteName } from './routes.js';

describe('API_CONTRACT', () => {
  it('declares exactly the routes of API_ROUTES', () => {
    expect(Object.keys(API_CONTRACT).sort()).toEqual(Object.keys(API_ROUTES).sort());
  });

  it("takes each route's access from API_ROUTES, the one place it is stated", () => {
    const names = Object.keys(API_ROUTES) as ApiRouteName[];
    const differing = names.filter((name) => API_CONTRACT[name].access !== API_ROUTES[name].access);
    expect(differing).toEqual([]);
    expect(API_CONTRACT.getCurrentUser.access).toBe('user');
    expect(API_CONTRACT.signIn.access).toBe('public');
  });
});
