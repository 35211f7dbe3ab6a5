import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies as Fastify parses them, except that an empty one is no body: supabase-js sends
 * `content-type: application/json` with nothing after it on deletes and on sign-out. A route
 * that needs a body still refuses the missing one through its schema.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === '' ? done(null, undefined) : json(request, body.toString(), done),
  );
}
