import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  API_CONTRACT,
  API_ROUTES,
  isLiveOperation,
  type ApiAnswer,
  type ApiRouteName,
  type LiveOperationName,
  type RouteContract,
} from '@couple/protocol';
import type { Config } from '../config.js';
import { requireUser } from '../auth/guard.js';
import { HttpError } from '../errors.js';
import {
  Repeated,
  callOperation,
  checkAnswer,
  operationInput,
  type OperationCall,
  type OperationHandler,
  type OperationInput,
} from './operations.js';
import { rateLimitFor } from './rate-limit.js';

export interface RouteInput<N extends ApiRouteName> extends OperationInput<N> {
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

type HttpHandler<N extends ApiRouteName> = (
  input: RouteInput<N>,
) => Promise<ApiAnswer<N> | JsonAnswer<ApiAnswer<N>> | FastifyReply>;

/**
 * A route's handler. An operation that a live event reaches too gets no request or reply: the
 * socket calls the same handler (http/operations.ts).
 */
export type RouteHandler<N extends ApiRouteName> = N extends LiveOperationName
  ? OperationHandler<N>
  : HttpHandler<N>;

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
  // Registered once, where the live channel finds it too: both transports call this handler.
  const operation = isLiveOperation(name)
    ? app.operations.register(name, handler as OperationHandler<typeof name>)
    : undefined;
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
    const call: OperationCall = {
      caller: () => requireUser(request),
      params: request.params,
      query: request.query,
      body: request.body,
    };
    void reply.code(contract.status);
    let answered = operation
      ? await callOperation(operation, call)
      : await (handler as HttpHandler<N>)({ ...operationInput(name, call), request, reply });
    if (answered === reply) return reply;
    if (answered instanceof Repeated) {
      void reply.code(200);
      answered = answered.answer;
    }
    if (answered instanceof JsonAnswer) {
      if (checkAnswers) checkAnswer(name, JSON.parse(answered.text));
      return reply.type('application/json; charset=utf-8').send(answered.text);
    }
    if (checkAnswers) checkAnswer(name, answered);
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
