export * from './constants.js';
export * from './texts.js';
export * from './events.js';
export * from './schemas/common.js';
export * from './schemas/auth.js';
export * from './schemas/profile.js';
export * from './schemas/partner.js';
export * from './schemas/messages.js';
