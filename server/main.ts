/** `npm start`: opens (and migrates) the database, seeds it, serves API + web app on one port; also each worker of `npm run start:cluster` (./serve.ts). */
import { loadConfig } from './config.js';
import { serve } from './serve.js';

await serve(loadConfig());
