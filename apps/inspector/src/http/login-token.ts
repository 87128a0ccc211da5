import { randomBytes } from 'node:crypto';
import { safeEqual } from '@engram/agents';

/**
 * The one-time sign-in link `engram ui` prints instead of the API key (issue 37: the key went to
 * stdout and any log that keeps it). The token works once, for {@link LOGIN_TOKEN_TTL_MS}, and only
 * in this process; after that the login form takes the key.
 */
export const LOGIN_TOKEN_TTL_MS = 15 * 60_000;

export interface LoginToken {
  readonly value: string;
  /** True once, for the right value within the time limit; every later call is false. */
  redeem(candidate: string, now?: number): boolean;
}

export function createLoginToken(now: number = Date.now(), value: string = randomBytes(24).toString('base64url')): LoginToken {
  let used = false;
  return {
    value,
    redeem(candidate, at = Date.now()) {
      if (used || at - now > LOGIN_TOKEN_TTL_MS || !safeEqual(candidate, value)) return false;
      used = true;
      return true;
    },
  };
}
