/** Every message of this language: react-admin's, ours, and the resource screens' (resources.ts). */
import { mergeMessages } from '../merge';
import ra from './ra';
import common from './common';
import auth from './auth';
import resources from './resources';

export default mergeMessages(ra, common, auth, resources);
