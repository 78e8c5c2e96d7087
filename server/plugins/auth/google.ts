/**
 * Sign-in with Google, or any OpenID Connect issuer set by GOOGLE_ISSUER: the authorization code flow
 * with PKCE, state and nonce, through openid-client.
 *
 * 1. The web app's Google button navigates to GET /api/auth/login/google (no `code`). The answer is a
 *    302 to the issuer's authorization endpoint. State, nonce and PKCE verifier travel in a signed,
 *    HttpOnly, SameSite=Lax cookie limited to this path and to 10 minutes, so there is no server-side
 *    store and any API process can finish the flow; the cookie also binds the flow to this browser.
 * 2. The issuer sends the browser to the web page `/user/auth/login/google?code=..&state=..`, which
 *    calls GET /api/auth/login/google with the same query string (the cookie comes along: same origin).
 *    The state must match the cookie's; the code is exchanged, the ID token verified (signature,
 *    issuer, audience, nonce), and its verified e-mail signs the person in: `{access, refresh}`.
 */
import { jwtVerify, SignJWT } from 'jose';
import * as oidc from 'openid-client';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { User } from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import { ApiError, nonFieldError } from '../../core/errors.js';
import { route } from '../../core/route.js';
import { findUserByEmail, insertUser } from '../../domain/users.js';
import { authApi } from '../../../contract/auth.js';
import { MESSAGES } from './accounts.js';
import { activateAccount, awaitsActivation, findUserByGoogleSub, linkGoogleAccount } from './queries.js';
import { openSession } from './session.js';

/** The cookie goes only to this call (the API is served under /api). */
const PATH = `/api${authApi.google.path}`;
const COOKIE = 'google_login';
const COOKIE_TTL_SECONDS = 600;
const FAILED = 'Error al iniciar sesión con Google. Inténtalo nuevamente.';

interface LoginState { state: string; nonce: string; verifier: string }

function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}

/** Finds the account of a Google identity: by its subject, else by its verified e-mail (linking it), else a new active account. */
async function googleAccount(db: Db, claims: oidc.IDToken): Promise<User> {
  let user = await findUserByGoogleSub(db, claims.sub);
  if (!user) {
    const byEmail = await findUserByEmail(db, claims.email as string);
    if (byEmail?.google_sub) throw nonFieldError('Este correo electrónico ya está vinculado a otra cuenta de Google.');
    user = byEmail
      ? await linkGoogleAccount(db, byEmail.id, claims.sub)
      : await insertUser(db, {
        email: claims.email as string, password: null, is_active: true, google_sub: claims.sub,
        first_name: String(claims.given_name ?? '').slice(0, 150), last_name: String(claims.family_name ?? '').slice(0, 150),
      });
  }
  if (!user.is_active) {
    if (!(await awaitsActivation(db, user))) throw nonFieldError(MESSAGES.disabled);
    // Google has just confirmed the address, which is what the activation link was for.
    user = await activateAccount(db, user.id);
  }
  return user;
}

export function googleRoutes(app: FastifyInstance) {
  const { googleIssuer, googleClientId, googleClientSecret, publicUrl, jwtSecret } = app.config;
  const redirectUri = `${publicUrl}/user/auth/login/google`;
  const key = new TextEncoder().encode(jwtSecret);
  const secure = publicUrl.startsWith('https:') ? '; Secure' : '';
  const cookie = (value: string, maxAge: number) => `${COOKIE}=${value}; Path=${PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;

  // Discovered once, on first use; a failed discovery is retried on the next call.
  let discovered: Promise<oidc.Configuration> | undefined;
  const clientConfig = async () => {
    if (!googleIssuer || !googleClientId || !googleClientSecret) {
      throw new ApiError(503, { detail: 'El inicio de sesión con Google no está configurado.' });
    }
    const issuer = new URL(googleIssuer);
    // Plain HTTP only for an identity provider on this machine (development and tests).
    const local = issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
    discovered ??= oidc.discovery(issuer, googleClientId, googleClientSecret, undefined, local ? { execute: [oidc.allowInsecureRequests] } : undefined);
    try {
      return await discovered;
    } catch (err) {
      discovered = undefined;
      app.log.error({ err }, 'OpenID Connect discovery failed');
      throw new ApiError(502, { detail: 'No se pudo contactar al proveedor de identidad.' });
    }
  };

  route(app, authApi.google, async (request, reply) => {
    const config = await clientConfig();
    const { query } = request;

    if (!query.code && !query.error) {
      const saved: LoginState = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier() };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri, scope: 'openid email profile', state: saved.state, nonce: saved.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(saved.verifier), code_challenge_method: 'S256',
      });
      const signed = await new SignJWT({ ...saved }).setProtectedHeader({ alg: 'HS256', typ: 'google-login' })
        .setIssuedAt().setExpirationTime(`${COOKIE_TTL_SECONDS}s`).sign(key);
      reply.header('set-cookie', cookie(signed, COOKIE_TTL_SECONDS));
      return reply.redirect(url.href, 302);
    }

    // The flow is over whatever happens next: the cookie goes.
    reply.header('set-cookie', cookie('', 0));
    const saved = await jwtVerify<LoginState>(readCookie(request, COOKIE) ?? '', key, { algorithms: ['HS256'], typ: 'google-login' })
      .then((r) => r.payload, () => null);
    if (!saved || !query.state || saved.state !== query.state) throw nonFieldError(FAILED);

    const callback = new URL(redirectUri);
    callback.search = request.url.slice(request.url.indexOf('?'));
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: saved.verifier, expectedState: saved.state, expectedNonce: saved.nonce,
      });
      claims = tokens.claims();
    } catch (err) {
      if (err instanceof TypeError) { // network: the provider could not be reached
        request.log.error({ err }, 'Google token exchange failed');
        throw new ApiError(502, { detail: 'No se pudo contactar al proveedor de identidad.' });
      }
      request.log.warn({ err }, 'Google sign-in refused');
      throw nonFieldError(FAILED);
    }
    if (!claims || typeof claims.email !== 'string' || claims.email_verified !== true) {
      throw nonFieldError('La cuenta de Google no tiene un correo electrónico verificado.');
    }
    return openSession(app, await googleAccount(app.db, claims));
  });
}
