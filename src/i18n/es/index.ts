/**
 * The Spanish messages of the app shell and the public pages: react-admin's, ours (layout, 404...)
 * and the account pages'. The admin screens' are in admin.ts, loaded with the admin
 * (docs/web.md, "Code split"); the other languages load whole, on demand.
 */
import { mergeMessages } from '../merge';
import ra from './ra';
import common from './common';
import auth from './auth';

export default mergeMessages(ra, common, auth);
