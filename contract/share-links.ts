/**
 * Share links (issue 37, docs/share-links.md): the plant's owner (a customer who sees the plant) or
 * staff make a read-only link to it with an expiry, list its links and revoke one. Whoever holds the
 * link, signed in or not, reads with its token the plant's public figures and nothing else: its
 * shown name, commune, capacity, live power, today's and this month's energy, CO2 avoided and the
 * day's production curve.
 */
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './http.js';
import { IdParams, S } from './common.js';
import { oneOf } from './literals.js';

/** The longest a link may live: a school year's lobby screen, and no forgotten link forever. */
export const SHARE_LINK_MAX_DAYS = 366;
/** The length of a shown name (the plant's own name's). */
export const SHARE_TITLE_MAX = 150;

/** Where a link stands now. */
export const SHARE_LINK_STATES = ['active', 'expired', 'revoked'] as const;
export type ShareLinkState = typeof SHARE_LINK_STATES[number];

export const ShareLink = Type.Object({
  id: Type.Integer(),
  plant: Type.Integer(),
  title: S.nullable(Type.String({ description: "the name the shared page shows; null: the plant's name" })),
  state: oneOf(SHARE_LINK_STATES),
  created_at: S.timestamp(),
  expires_at: S.timestamp(),
  revoked_at: S.nullable(S.timestamp()),
  /** To the minute: written at most once a minute. */
  last_opened_at: S.nullable(S.timestamp()),
  created_by: S.nullable(Type.Object({ id: Type.Integer(), name: Type.String({ description: 'full name, or the e-mail without one' }) })),
}, { title: 'ShareLink' });
export type ShareLink = Static<typeof ShareLink>;

export const ShareLinkCreated = Type.Composite([ShareLink, Type.Object({
  token: Type.String({ description: 'the secret of the link, shown this once (only its SHA-256 is kept): the page is /share/{token}' }),
})], { title: 'ShareLinkCreated' });
export type ShareLinkCreated = Static<typeof ShareLinkCreated>;

export const ShareLinkBody = Type.Object({
  expires_at: Type.String({ format: 'date-time', maxLength: 40, description: `when the link stops working: in the future, at most ${SHARE_LINK_MAX_DAYS} days away` }),
  title: Type.Optional(S.nullable(Type.String({ maxLength: SHARE_TITLE_MAX, description: "the name to show instead of the plant's" }))),
});
export type ShareLinkBody = Static<typeof ShareLinkBody>;

/** A token as made (43 base64url characters); anything else is simply not a link. */
export const TokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) });

/** What a shared page shows: nothing of the owner, nothing of another plant. */
export const SharedPlant = Type.Object({
  name: Type.String({ description: "the link's title, or the plant's name" }),
  commune: S.nullable(Type.String({ description: "the plant's commune (never its address)" })),
  capacity_kwp: S.nullable(Type.Number()),
  timestamp: S.nullable(S.timestamp()),
  online: Type.Boolean(),
  power_w: S.nullable(Type.Number({ description: 'AC power now (as the plant\'s monitoring page)' })),
  energy_today_wh: Type.Number(),
  energy_month_wh: Type.Number(),
  co2_avoided_kg: Type.Object({ today: Type.Number(), total: Type.Number() }),
  period: Type.Object({
    time_zone: Type.String(), today: Type.String({ format: 'date' }), month: Type.String({ description: 'YYYY-MM' }),
  }),
  expires_at: S.timestamp(),
}, { title: 'SharedPlant' });
export type SharedPlant = Static<typeof SharedPlant>;

/** A 5-minute slot of the day's production (the monitoring page's curve, production only). */
export const SharedCurvePoint = Type.Object({ ts: S.timestamp(), power_w: S.nullable(Type.Number()) }, { title: 'SharedCurvePoint' });
export type SharedCurvePoint = Static<typeof SharedCurvePoint>;

/** Why a token opens nothing, for the page to say so. */
export const SHARE_PROBLEMS = ['unknown', 'expired', 'revoked'] as const;
export type ShareProblem = typeof SHARE_PROBLEMS[number];
const problem = (description: string) => Type.Object({ detail: Type.String(), code: oneOf(SHARE_PROBLEMS) }, { description });

const publicReplies = {
  404: problem("No link has this token: {detail, code: 'unknown'}"),
  410: problem("The link expired or was revoked: {detail, code: 'expired' | 'revoked'}"),
  429: Type.Object({ detail: Type.String() }, { description: 'Too many reads from this address this minute' }),
};

const tag = 'share-links';
export const shareLinkApi = {
  list: endpoint({
    method: 'GET', path: '/share-link/plant/:id', access: 'user', tag, params: IdParams,
    summary: "A plant's share links, newest first (staff, or a customer who sees the plant)",
    reply: { 200: Type.Array(ShareLink) },
  }),
  create: endpoint({
    method: 'POST', path: '/share-link/plant/:id', access: 'user', tag, params: IdParams, body: ShareLinkBody,
    summary: 'Make a read-only link to a plant; its token is in this reply only',
    reply: { 201: ShareLinkCreated },
  }),
  revoke: endpoint({
    method: 'POST', path: '/share-link/:id/revoke', access: 'user', tag, params: IdParams,
    summary: 'Revoke a share link (at once; revoking again changes nothing)',
    reply: { 200: ShareLink },
  }),
  plant: endpoint({
    method: 'GET', path: '/share/:token', access: 'public', tag, params: TokenParams,
    summary: "The shared plant's figures (anyone holding the link; rate-limited per address)",
    reply: { 200: SharedPlant, ...publicReplies },
  }),
  curve: endpoint({
    method: 'GET', path: '/share/:token/curve', access: 'public', tag, params: TokenParams,
    summary: "The shared plant's production today, per 5 minutes, in its local day",
    reply: { 200: Type.Array(SharedCurvePoint), ...publicReplies },
  }),
};
