import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from './helpers/cliHarness';

/** Every folder under `src/`, as `src/a/b/`. */
function sourceFolders(dir = 'src'): string[] {
  const subfolders = readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true }).filter((e) => e.isDirectory());
  return [`${dir}/`, ...subfolders.flatMap((e) => sourceFolders(`${dir}/${e.name}`))];
}

/** The folders the folder map of docs/ARCHITECTURE.md names: the first cell of each row of its table. */
function mappedFolders(markdown: string): string[] {
  const section = markdown.split(/^## /m).find((s) => s.startsWith('Folder map'));
  assert.ok(section, 'docs/ARCHITECTURE.md has a "## Folder map" section');
  return [...section.matchAll(/^\| `(src\/[^`]*)` \|/gm)].map((m) => m[1]!);
}

describe('docs/ARCHITECTURE.md: the folder map matches the tree', () => {
  const map = mappedFolders(readFileSync(path.join(REPO_ROOT, 'docs/ARCHITECTURE.md'), 'utf8'));
  const tree = sourceFolders();

  it('names every folder of src/', () => {
    assert.deepEqual(tree.filter((f) => !map.includes(f)), [], 'folders of src/ missing from the map');
  });

  it('names only folders that exist, each once', () => {
    assert.deepEqual(map.filter((f) => !tree.includes(f)), [], 'folders in the map that src/ does not have');
    assert.deepEqual(map.filter((f, i) => map.indexOf(f) !== i), [], 'folders named twice');
  });

  it('the check reads the map (so a pass above means something)', () => {
    assert.deepEqual(mappedFolders('## Folder map\n\n| folder | x |\n|---|---|\n| `src/` | a |\n| `src/core/` | b |\n## Next\n| `src/other/` | c |\n'), ['src/', 'src/core/']);
    assert.ok(tree.includes('src/extension/rollback/panel/') && tree.length > 10, 'the walk sees nested folders');
  });
});
