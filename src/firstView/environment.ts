/**
 * What the web app's code reads of a browser, given to it on the server while it draws a first
 * view (render.tsx): localStorage and sessionStorage, each drawing's own (the session's tokens and
 * profile, kept there as the app keeps them in a browser), apart between drawings that overlap in
 * time; and `document` declared but absent, as react-admin's layout reads it (`document?.body`).
 * Libraries that check `typeof window` or `typeof document` see a server, as they should.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

interface Storages { local: Map<string, string>; session: Map<string, string> }

const drawing = new AsyncLocalStorage<Storages>();

function current(): Storages {
  const storages = drawing.getStore();
  if (!storages) throw new Error('browser storage read on the server outside a first view');
  return storages;
}

const storage = (of: (s: Storages) => Map<string, string>): Storage => ({
  getItem: (key) => of(current()).get(key) ?? null,
  setItem: (key, value) => { of(current()).set(key, String(value)); },
  removeItem: (key) => { of(current()).delete(key); },
  clear: () => of(current()).clear(),
  key: (index) => [...of(current()).keys()][index] ?? null,
  get length() { return of(current()).size; },
});

let installed = false;

/** Gives this process the stand-ins, once. */
export function installBrowserStandIns() {
  if (installed) return;
  installed = true;
  const define = (name: string, value: unknown) => Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  define('localStorage', storage((s) => s.local));
  define('sessionStorage', storage((s) => s.session));
  if (!('document' in globalThis)) define('document', undefined);
}

/** Runs `draw` with empty storages of its own. */
export const inDrawing = <T>(draw: () => Promise<T>): Promise<T> => drawing.run({ local: new Map(), session: new Map() }, draw);
