import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';

/** What supabase-js and the web app send: the PostgREST and GoTrue headers besides our own. */
const ALLOWED_HEADERS = [
  'authorization',
  'apikey',
  'content-type',
  'accept',
  'accept-profile',
  'content-profile',
  'prefer',
  'range',
  'x-client-info',
  'x-supabase-api-version',
  'x-upsert',
];
/** What such a client reads from an answer. */
const EXPOSED_HEADERS = ['content-range', 'x-supabase-api-version', 'retry-after'];

/**
 * Cross-origin calls from the front ends of CORS_ORIGINS (off without it, as the app is served
 * from its own origin). Bearer tokens, never cookies: credentials are not allowed, so a page of
 * another origin cannot ride on a signed-in browser.
 */
export async function allowCrossOrigin(app: FastifyInstance, origins: string[]): Promise<void> {
  if (origins.length === 0) return;
  await app.register(cors, {
    origin: origins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    credentials: false,
    maxAge: 600,
  });
}
