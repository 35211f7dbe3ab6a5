import type { FastifyInstance } from 'fastify';
import {
  API_CONTRACT,
  LIVE_OPERATIONS,
  type ApiAnswer,
  type ApiParsedBody,
  type ApiParsedParams,
  type ApiParsedQuery,
  type ApiRouteName,
  type LiveEventName,
  type LiveOperationName,
  type RouteContract,
} from '@couple/protocol';
import { z } from 'zod';
import type { AccessClaims } from '../auth/tokens.js';
import { parseInput } from './validate.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one handler of each operation that a live event reaches too (http/operations.ts). */
    operations: OperationRegistry;
  }
}

/** An operation's input after the contract's checks: its caller, params, query and body. */
export interface OperationInput<N extends ApiRouteName> {
  /** The caller, for operations whose access is 'user'; null otherwise. */
  user: (typeof API_CONTRACT)[N]['access'] extends 'user' ? AccessClaims : null;
  params: ApiParsedParams<N>;
  query: ApiParsedQuery<N>;
  body: ApiParsedBody<N>;
}

/** An idempotent repeat's answer (what was stored before): over HTTP 200, not the usual 201. */
export class Repeated<T> {
  constructor(readonly answer: T) {}
}

export type OperationAnswer<N extends ApiRouteName> = ApiAnswer<N> | Repeated<ApiAnswer<N>>;

/** An operation's handler, which knows no transport: the checked input in, the answer out. */
export type OperationHandler<N extends ApiRouteName> = (
  input: OperationInput<N>,
) => Promise<OperationAnswer<N>>;

/** A call as a transport received it: the input unparsed, and how it proves its caller. */
export interface OperationCall {
  /** The signed-in caller, or the transport's refusal (thrown) when there is none. */
  caller: () => AccessClaims;
  params?: unknown;
  query?: unknown;
  body: unknown;
}

const noQuery = z.strictObject({});
const noBody = z.strictObject({}).nullish();

/** A signed event's body is checked by its verifier, every other undeclared body must be empty. */
function takesBody(contract: RouteContract): boolean {
  return contract.access !== 'signed-event';
}

/**
 * The contract's checks of one call, on every transport: the caller its access asks for, then
 * strict parsing of params, query and body (a 400 with the first issue's code).
 */
export function operationInput<N extends ApiRouteName>(
  name: N,
  call: OperationCall,
): OperationInput<N> {
  const contract: RouteContract = API_CONTRACT[name];
  return {
    user: contract.access === 'user' ? call.caller() : null,
    params: contract.params ? parseInput(contract.params, call.params) : undefined,
    query: parseInput(contract.query ?? noQuery, call.query ?? {}),
    body: takesBody(contract) ? parseInput(contract.body ?? noBody, call.body) : undefined,
  } as OperationInput<N>;
}

/** In tests every answer is checked against the contract, so a drifting answer fails loudly. */
export function checkAnswer(name: ApiRouteName, answer: unknown): void {
  const result = API_CONTRACT[name].answer.safeParse(answer);
  if (!result.success) {
    throw new Error(`${name} answered outside its contract: ${result.error.message}`);
  }
}

/** Each live event with the operation it reaches. */
export type LiveEventOperations = readonly (readonly [LiveEventName, RegisteredOperation])[];

/** One registered operation; both transports read `handler` from here at each call. */
export interface RegisteredOperation<N extends LiveOperationName = LiveOperationName> {
  readonly name: N;
  handler: OperationHandler<N>;
}

/**
 * The operations that a live event reaches as well as their HTTP route. Each route plugin
 * registers its handler once (http/contract-route.ts does, for those routes); the route and the
 * socket event (live/handlers.ts) both find it here, through the same contract entry.
 */
export class OperationRegistry {
  readonly #operations = new Map<LiveOperationName, RegisteredOperation>();

  register<N extends LiveOperationName>(
    name: N,
    handler: OperationHandler<N>,
  ): RegisteredOperation<N> {
    if (this.#operations.has(name)) throw new Error(`${name} is registered twice`);
    const operation: RegisteredOperation<N> = { name, handler };
    this.#operations.set(name, operation as unknown as RegisteredOperation);
    return operation;
  }

  get<N extends LiveOperationName>(name: N): RegisteredOperation<N> {
    const operation = this.#operations.get(name);
    if (!operation) throw new Error(`${name} has no handler: its route plugin is not registered`);
    return operation as unknown as RegisteredOperation<N>;
  }

  /** Each live event of the contract with its operation; throws while one has no handler. */
  liveEvents(): LiveEventOperations {
    return [...LIVE_OPERATIONS].map(([event, name]) => [event, this.get(name)] as const);
  }
}

/** Gives the app its registry; before the route plugins, which fill it. */
export function registerOperations(app: FastifyInstance): void {
  app.decorate('operations', new OperationRegistry());
}

/** Calls an operation through the contract's checks; a repeat is unwrapped by the transport. */
export async function callOperation<N extends LiveOperationName>(
  operation: RegisteredOperation<N>,
  call: OperationCall,
): Promise<OperationAnswer<N>> {
  return operation.handler(operationInput(operation.name, call));
}
