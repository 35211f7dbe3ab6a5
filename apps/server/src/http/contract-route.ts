import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  API_CONTRACT,
  API_ROUTES,
  type ApiAnswer,
  type ApiParsedBody,
  type ApiParsedParams,
  type ApiParsedQuery,
  type ApiRouteName,
  type RouteContract,
} from '@couple/protocol';
import { z } from 'zod';
import type { AccessClaims } from '../auth/tokens.js';
import type { Config } from '../config.js';
import { requireUser } from '../auth/guard.js';
import { HttpError } from '../errors.js';
import { rateLimitFor } from './rate-limit.js';
import { parseInput } from './validate.js';

export interface RouteInput<N extends ApiRouteName> {
  /** The caller, for routes whose access is 'user'; null otherwise. */
  user: (typeof API_CONTRACT)[N]['access'] extends 'user' ? AccessClaims : null;
  params: ApiParsedParams<N>;
  query: ApiParsedQuery<N>;
  body: ApiParsedBody<N>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * An answer already serialised (PostgreSQL built its JSON, e.g. the message lists): sent as it
 * is, without JSON.stringify. In tests it is parsed and checked against the contract like any.
 */
export class JsonAnswer<T> {
  /** The answer's type, for the handler's signature only. */
  declare readonly answer?: T;
  constructor(readonly text: string) {}
}

export type RouteHandler<N extends ApiRouteName> = (
  input: RouteInput<N>,
) => Promise<ApiAnswer<N> | JsonAnswer<ApiAnswer<N>> | FastifyReply>;

const noQuery = z.strictObject({});
const noBody = z.strictObject({}).nullish();

/** A signed event's body is checked by its verifier, every other undeclared body must be empty. */
function takesBody(contract: RouteContract): boolean {
  return contract.access !== 'signed-event';
}

/** In tests every answer is checked against the contract, so a drifting answer fails loudly. */
function checkAnswer(name: ApiRouteName, contract: RouteContract, answer: unknown): void {
  const result = contract.answer.safeParse(answer);
  if (!result.success) {
    throw new Error(`${name} answered outside its contract: ${result.error.message}`);
  }
}

/**
 * Registers one route of API_CONTRACT: its method and path, its rate limit, the access check,
 * strict parsing of params, query and body, and the success status; the handler gets the parsed
 * input and returns the answer (or the reply, when it sent something else itself).
 */
export function contractRoute<N extends ApiRouteName>(
  app: FastifyInstance,
  config: Config,
  name: N,
  handler: RouteHandler<N>,
  /** Runs before any input is read: the check of a caller proven other than by a session. */
  authorize?: (request: FastifyRequest) => void,
): void {
  const contract: RouteContract = API_CONTRACT[name];
  const { method, path } = API_ROUTES[name];
  const checkAnswers = config.NODE_ENV === 'test';
  app.route({
    method,
    url: path,
    bodyLimit: Math.max(config.BODY_LIMIT_BYTES, contract.bodyLimitBytes ?? 0),
    ...rateLimitFor(app, config, name),
    handler: async (request, reply) => {
      try {
        return await answer(request, reply);
      } catch (error) {
        if (contract.failureFields && error instanceof HttpError) {
          Object.assign(error.extra, contract.failureFields);
        }
        throw error;
      }
    },
  });

  async function answer(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    authorize?.(request);
    const user = contract.access === 'user' ? requireUser(request) : null;
    const input = {
      user,
      params: contract.params ? parseInput(contract.params, request.params) : undefined,
      query: parseInput(contract.query ?? noQuery, request.query),
      body: takesBody(contract) ? parseInput(contract.body ?? noBody, request.body) : undefined,
      request,
      reply,
    } as RouteInput<N>;
    void reply.code(contract.status);
    const answered = await handler(input);
    if (answered === reply) return reply;
    if (answered instanceof JsonAnswer) {
      if (checkAnswers) checkAnswer(name, contract, JSON.parse(answered.text));
      return reply.type('application/json; charset=utf-8').send(answered.text);
    }
    if (checkAnswers) checkAnswer(name, contract, answered);
    if (contract.status === 204) return reply.send();
    return answered;
  }
}

/** contractRoute for one plugin: `const route = contractRoutes(app, ctx.config)`. */
export function contractRoutes(app: FastifyInstance, config: Config) {
  return <N extends ApiRouteName>(
    name: N,
    handler: RouteHandler<N>,
    authorize?: (request: FastifyRequest) => void,
  ): void => contractRoute(app, config, name, handler, authorize);
}
