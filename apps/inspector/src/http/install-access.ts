import type { FastifyInstance } from 'fastify';
import { html } from '../views/html.js';
import { errorPage, layout, notice } from '../views/layout.js';
import { safeEqual } from '@engram/agents';
import { checkAccess, SESSION_COOKIE, sessionToken, type AccessConfig } from './access-policy.js';
import type { LoginToken } from './login-token.js';

/*
 * Browsers may load only this server's own scripts, styles and images (assets are bundled, ADR-0024).
 * Inline styles are allowed because the graph library sets element styles as it lays out; inline
 * scripts are not (every script is the bundled app.js).
 */
const CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'";

function loginPage(message?: string): string {
  return layout('Sign in', 'none', html`<h1>API key needed</h1>${message ? notice('error', message) : ''}
<p>This engram has an API key (ENGRAM_API_KEY). Paste it once; the browser keeps a session cookie for this inspector only.</p>
<form method="post" action="/login" class="filters"><div class="field grow"><label for="key">API key</label><input id="key" name="key" type="password" autocomplete="current-password" required></div>
<div class="field"><button type="submit">Open the inspector</button></div></form>`);
}

function sessionCookie(apiKey: string): string {
  return `${SESSION_COOKIE}=${sessionToken(apiKey)}; HttpOnly; SameSite=Strict; Path=/`;
}

function setSession(cfg: AccessConfig, key: string | undefined): string | undefined {
  if (!cfg.apiKey || !key || !safeEqual(key, cfg.apiKey)) return undefined;
  return sessionCookie(cfg.apiKey);
}

/**
 * Host/Origin/key checks before any route (401/403 as HTML pages), the security headers on every
 * reply, and /login: `GET /login?token=…` (the one-time URL `engram ui` prints), `GET /login?key=…`
 * or the form sets the session cookie.
 */
export function installAccess(fastify: FastifyInstance, cfg: AccessConfig, token?: LoginToken): void {
  fastify.addHook('onRequest', async (req, reply) => {
    reply.header('content-security-policy', CSP).header('x-content-type-options', 'nosniff').header('referrer-policy', 'same-origin');
    const denial = checkAccess(cfg, { method: req.method, path: req.url.split('?')[0] ?? '/', headers: req.headers });
    if (!denial) return;
    const body = denial.status === 401 ? loginPage(denial.message) : errorPage(403, denial.message);
    return reply.status(denial.status).header('content-type', 'text/html; charset=utf-8').send(body);
  });
  const login = (key: string | undefined, reply: import('fastify').FastifyReply) => {
    if (!cfg.apiKey) return reply.status(303).header('location', '/memories').send();
    if (key === undefined) return reply.header('content-type', 'text/html; charset=utf-8').send(loginPage());
    const cookie = setSession(cfg, key);
    if (!cookie) return reply.status(401).header('content-type', 'text/html; charset=utf-8').send(loginPage('That is not the API key.'));
    return reply.status(303).header('set-cookie', cookie).header('location', '/memories').send();
  };
  fastify.get('/login', async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    if (q.token === undefined || !cfg.apiKey) return login(q.key, reply);
    if (!token?.redeem(q.token)) {
      return reply.status(401).header('content-type', 'text/html; charset=utf-8')
        .send(loginPage('That sign-in link was used already or has expired (it works once, for 15 minutes). Paste the API key instead.'));
    }
    return reply.status(303).header('set-cookie', sessionCookie(cfg.apiKey)).header('location', '/memories').send();
  });
  fastify.post('/login', async (req, reply) => login(String((req.body as Record<string, unknown> | undefined)?.key ?? ''), reply));
}
