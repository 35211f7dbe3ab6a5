export * from './locales.js';
export * from './fill.js';
