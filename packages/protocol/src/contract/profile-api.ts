import {
  quietHoursAnswerSchema,
  quietHoursBodySchema,
  quietWindowSchema,
} from '../schemas/quiet-hours.js';
import {
  profileSchema,
  setLocaleBodySchema,
  statsSchema,
  updateProfileBodySchema,
} from '../schemas/profile.js';
import { none, type RouteContract } from './route-contract.js';
import type { ApiRouteName } from './routes.js';

/** The own profile, its stats, quiet hours and language (see ./api.ts). */
export const PROFILE_CONTRACT = {
  getProfile: { access: 'user', status: 200, answer: profileSchema, errors: ['profile_not_found'] },
  updateProfile: {
    access: 'user',
    body: updateProfileBodySchema,
    status: 200,
    answer: profileSchema,
    errors: ['username_taken', 'username_update_failed'],
  },
  getProfileStats: { access: 'user', status: 200, answer: statsSchema, errors: [] },
  getQuietHours: { access: 'user', status: 200, answer: quietHoursAnswerSchema, errors: [] },
  setQuietHours: {
    access: 'user',
    body: quietHoursBodySchema,
    status: 200,
    answer: quietWindowSchema,
    errors: [],
  },
  clearQuietHours: { access: 'user', status: 204, answer: none, errors: [] },
  setLocale: {
    access: 'user',
    body: setLocaleBodySchema,
    status: 200,
    answer: setLocaleBodySchema,
    errors: ['profile_not_found'],
  },
} as const satisfies { [N in ApiRouteName]?: RouteContract };
