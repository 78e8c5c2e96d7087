/**
 * Share links (contract/share-links.ts, docs/share-links.md): the plant screen's calls (list, make,
 * revoke) and the shared page's anonymous reads with the link's token.
 */
import { request } from './http';
import { fillPath } from '../../contract/paths';
import { shareLinkApi, type SharedCurvePoint, type SharedPlant, type ShareLink, type ShareLinkBody, type ShareLinkCreated, type ShareProblem } from '../../contract/share-links';

export type { SharedCurvePoint, SharedPlant, ShareLink, ShareLinkCreated, ShareProblem };
export { SHARE_LINK_MAX_DAYS } from '../../contract/share-links';

export { sharePageUrl } from './sharePage';

export const shareLinks = {
  list: (plant: number, signal?: AbortSignal) => request<ShareLink[]>(fillPath(shareLinkApi.list.path, { id: plant }), { signal }),
  create: (plant: number, body: ShareLinkBody) =>
    request<ShareLinkCreated>(fillPath(shareLinkApi.create.path, { id: plant }), { method: 'POST', body }),
  revoke: (id: number) => request<ShareLink>(fillPath(shareLinkApi.revoke.path, { id }), { method: 'POST' }),
};

/** The shared page's reads: no session, the token alone. */
export const sharedPlant = {
  figures: (token: string, signal?: AbortSignal) =>
    request<SharedPlant>(fillPath(shareLinkApi.plant.path, { token }), { auth: false, signal }),
  curve: (token: string, signal?: AbortSignal) =>
    request<SharedCurvePoint[]>(fillPath(shareLinkApi.curve.path, { token }), { auth: false, signal }),
};

/** Why a read failed, as the page says it: the server's code of a 404/410, else a failure to retry. */
export function shareProblemOf(error: unknown): ShareProblem | 'failed' {
  const body = (error as { body?: { code?: string } })?.body;
  const status = (error as { status?: number })?.status;
  return (status === 404 || status === 410) && (body?.code === 'unknown' || body?.code === 'expired' || body?.code === 'revoked') ? body.code : 'failed';
}
