/**
 * docs/ARCHITECTURE.md is the map a newcomer reads first: every folder of the code must be on it, so
 * a folder added without a line there fails here (issue 34: "a script in CI fails when a top-level
 * folder is missing from the map").
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const map = readFileSync(path.join(root, 'docs/ARCHITECTURE.md'), 'utf8');
const folders = map.slice(map.indexOf('## Folders'), map.indexOf('## One request'));

/** Sub-folders whose contents are generated or one per entry of a line already on the map. */
const covered = new Set(['server/db/migrations', 'server/plugins', 'src/resources', 'src/i18n']);
/** What runs leave behind (.gitignore), not code. */
const output = new Set(['e2e/artifacts']);

/** Every folder under `dir`, as paths from the repository's root. */
function foldersOf(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !output.has(`${dir}/${entry.name}`))
    .flatMap((entry) => {
      const sub = `${dir}/${entry.name}`;
      return covered.has(sub) ? [sub] : [sub, ...foldersOf(sub)];
    });
}

/** A folder is on the map when its name stands as a folder (`name/`) in the Folders section. */
const named = (folder: string) => folders.includes(`${path.basename(folder)}/`);

describe('docs/ARCHITECTURE.md', () => {
  it.each(['server', 'src', 'contract', 'agent', 'testing', 'bench', 'e2e'])('names every folder of %s/', (top) => {
    expect(named(top)).toBe(true);
    expect(foldersOf(top).filter((folder) => !named(folder))).toEqual([]);
  });
});
