/**
 * Every API call the docs name ('PUT /api/investor/update/{id}') exists in the contract with that
 * method (issue 33: a how-to sent people to a path that answered 404). A path parameter may be
 * written `{id}`, `{plant id}` or `:id`; the query string is not compared.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allEndpoints } from '../../contract/index.js';

const ROOT = join(import.meta.dirname, '../..');
const FILES = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** `METHOD /api/...`, the path possibly on the next line (Markdown wraps inside backticks). */
const CALL = /\b(GET|POST|PUT|PATCH|DELETE)\s+\/api(\/(?:\{[^}]*\}|[^\s`'")|,{])*)/g;

/** A path as segments, each parameter as ':'. */
const shape = (path: string) => path.replace(/\?.*$/, '').replace(/\/+$/, '')
  .split('/').map((segment) => segment.replace(/\{[^}]*\}|:\w+/g, ':'));

function named(text: string) {
  return [...text.matchAll(CALL)].map(([, method, path]) => ({ method, path }));
}

const documented = new Set(allEndpoints().map((e) => `${e.method} ${shape(e.path).join('/')}`));

describe('the API calls named in the docs', () => {
  it('finds calls written across a line break, with parameters in braces', () => {
    expect(named('(`PUT\n/api/investor/{id}`) and `POST /api/power-plant/{plant id}/push-credentials`')).toEqual([
      { method: 'PUT', path: '/investor/{id}' }, { method: 'POST', path: '/power-plant/{plant id}/push-credentials' },
    ]);
    expect(documented.has(`PUT ${shape('/investor/{id}').join('/')}`)).toBe(false);
    expect(documented.has(`PUT ${shape('/investor/update/{id}').join('/')}`)).toBe(true);
  });

  it.each(FILES)('%s names only calls the contract has', (file) => {
    const calls = named(readFileSync(join(ROOT, file), 'utf8'));
    const unknown = calls.filter(({ method, path }) => !documented.has(`${method} ${shape(path).join('/')}`))
      .map(({ method, path }) => `${method} /api${path}`);
    expect(unknown).toEqual([]);
  });
});
