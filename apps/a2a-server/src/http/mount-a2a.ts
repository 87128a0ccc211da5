import { AGENT_CARD_PATH, AgentCard } from '@a2a-js/sdk';
import { legacyAgentCardRouter } from '@a2a-js/sdk/compat/v0_3/server/express';
import type { A2ARequestHandler } from '@a2a-js/sdk/server';
import { agentCardHandler, jsonRpcHandler, restHandler, type UserBuilder } from '@a2a-js/sdk/server/express';
import express, { type Express, type RequestHandler } from 'express';
import { JSONRPC_PATH, REST_PATH } from '../agent-card.js';
import {
  keyCallerOf, parseJsonBody, protocolErrorHandler, requireBearer, requireJsonBody, validateJsonRpc, validateRest, type A2aAccess, type VerifyKey,
} from './a2a-middleware.js';
import { checkHostAndOrigin, type HostPolicy } from './host-origin-check.js';

export interface MountOptions {
  requestHandler: A2ARequestHandler;
  access: A2aAccess;
  hosts: HostPolicy;
  /** Keys from `engram keys` besides the shared ENGRAM_API_KEY (ADR-0027). */
  verifyKey?: VerifyKey;
  /** When the card last changed (process start: the card is built from config at start-up). */
  cardModified: Date;
  log: (message: string) => void;
}

/**
 * The principal tasks are stored under: a key's actor (with its scopes, read by the executor), or
 * `api-key` for the shared ENGRAM_API_KEY.
 */
const apiKeyUser: UserBuilder = async (req) => {
  const caller = keyCallerOf(req);
  return caller ? { isAuthenticated: true, userName: caller.actor, engramCaller: caller } : { isAuthenticated: true, userName: 'api-key' };
};
/** Auth off (the loopback-only conformance switch): one anonymous principal. */
const anonymousUser: UserBuilder = async () => ({ isAuthenticated: false, userName: 'anonymous' });

function lastModified(at: Date): RequestHandler {
  const value = new Date(Math.floor(at.getTime() / 1000) * 1000).toUTCString();
  return (_req, res, next) => {
    res.setHeader('Last-Modified', value);
    next();
  };
}

/**
 * `A2A-Version: 1.0.1` is version 1.0: the specification says a patch version must not be
 * considered, but the SDK compares the header with the card's "1.0" as a string (issue 37). The
 * header is cut to major.minor before the SDK reads it; anything that is not a version stays as
 * sent (the SDK refuses it by name).
 */
export const ignorePatchVersion: RequestHandler = (req, _res, next) => {
  const raw = req.headers['a2a-version'];
  const m = typeof raw === 'string' ? /^\s*(\d+)\.(\d+)\.\d+\s*$/.exec(raw) : null;
  if (m) req.headers['a2a-version'] = `${m[1]}.${m[2]}`;
  next();
};

/** The v1.0 card varies with A2A-Version like the v0.3 one the legacy router answers (docs/a2a.md). */
const varyOnVersion: RequestHandler = (_req, res, next) => {
  res.vary('A2A-Version');
  next();
};

/**
 * The A2A endpoints as one express app built from the SDK's own transports (JSON-RPC, HTTP+JSON,
 * agent card; v1.0 natively and v0.3 through its legacy compatibility), mounted into the Nest
 * Fastify app as middleware (ADR-0008). Ahead of them: Bearer auth (everywhere but the card, /health included), the body limit and the checks the SDK
 * does not make; behind them, a handler that turns whatever escaped into a protocol error.
 */
export function a2aExpressApp({ requestHandler, access, hosts, verifyKey, cardModified, log }: MountOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(checkHostAndOrigin(hosts, REST_PATH));
  app.use(ignorePatchVersion);
  const legacyCompat = { enabled: true };
  const userBuilder: UserBuilder = access.apiKey === undefined ? anonymousUser : apiKeyUser;
  // v0.3 callers (A2A-Version 0.x or none) get the compat router's translation of the SDK object;
  // v1.0 callers its proto-JSON form (the v1 handler would serialise the object's `$case` unions as is).
  const coreCard = () => requestHandler.getAgentCard();
  app.use(`/${AGENT_CARD_PATH}`, lastModified(cardModified), legacyAgentCardRouter({ agentCardProvider: coreCard }), varyOnVersion,
    agentCardHandler({ agentCardProvider: async () => AgentCard.toJSON(await coreCard()) as AgentCard }));
  // /health checks its own credentials (liveness without them, health.controller.ts).
  app.use('/metrics', requireBearer('rest', access.apiKey, verifyKey));
  app.use(JSONRPC_PATH, requireBearer('jsonrpc', access.apiKey, verifyKey), requireJsonBody('jsonrpc'), parseJsonBody(access.maxBodyBytes), validateJsonRpc(),
    jsonRpcHandler({ requestHandler, userBuilder, legacyCompat }));
  app.use(REST_PATH, requireBearer('rest', access.apiKey, verifyKey), requireJsonBody('rest'), parseJsonBody(access.maxBodyBytes), validateRest(),
    restHandler({ requestHandler, userBuilder, legacyCompat }));
  app.use(protocolErrorHandler(REST_PATH, log));
  return app;
}
