/**
 * The Spanish messages of the app shell and the public pages: ours (layout, 404...) and the account
 * pages'. react-admin's own and the admin screens' are in admin.ts, loaded with the admin
 * (docs/web.md, "Code split"); the other languages load whole, on demand.
 */
import { mergeMessages } from '../merge';
import common from './common';
import auth from './auth';

export default mergeMessages(common, auth);
