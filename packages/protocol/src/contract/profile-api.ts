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
import { none, type RouteSchemas } from './route-contract.js';
import type { ApiRouteName } from './routes.js';

/** The own profile, its stats, quiet hours and language (see ./api.ts). */
export const PROFILE_CONTRACT = {
  getProfile: { status: 200, answer: profileSchema, errors: ['profile_not_found'] },
  updateProfile: {
    body: updateProfileBodySchema,
    status: 200,
    answer: profileSchema,
    errors: ['username_taken', 'username_update_failed'],
  },
  getProfileStats: { status: 200, answer: statsSchema, errors: [] },
  getQuietHours: { status: 200, answer: quietHoursAnswerSchema, errors: [] },
  setQuietHours: {
    body: quietHoursBodySchema,
    status: 200,
    answer: quietWindowSchema,
    errors: [],
  },
  clearQuietHours: { status: 204, answer: none, errors: [] },
  setLocale: {
    body: setLocaleBodySchema,
    status: 200,
    answer: setLocaleBodySchema,
    errors: ['profile_not_found'],
  },
} as const satisfies { [N in ApiRouteName]?: RouteSchemas };
