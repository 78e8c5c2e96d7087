/** The shared page's address, apart from shareLinks.ts so that the app's first script (its routes) carries no schema. */
import { fillPath } from '../../contract/paths';

export const SHARE_PAGE = '/share/:token';
/** A link's address, as its maker copies it. */
export const sharePageUrl = (token: string) => `${window.location.origin}${fillPath(SHARE_PAGE, { token })}`;
