// An incremental snapshot measures its size from the paths status named: the old blobs by id, the
// new ones in the tree being written. git starts beside write-tree and gets the names once the
// tree is known, and never reads the sandbox's index (on a large sandbox that read costs more
// than the whole measure): checked with an index git cannot read.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { shadowGit } from '../../src/adapters/shadowStore/gitEnvironment';
import { measureChangesIn } from '../../src/adapters/shadowStore/snapshotSize';
import { write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

describe('The size of an incremental snapshot', () => {
  const tempDir = useTempDirs();

  function repository(): { git: ReturnType<typeof shadowGit>; tree: (files: Record<string, string>) => string; blob: (text: string) => string } {
    const root = tempDir();
    const gitDir = path.join(root, 'store.git');
    const env: NodeJS.ProcessEnv = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
    for (const k of Object.keys(env)) if (k.startsWith('GIT_') && !k.startsWith('GIT_CONFIG')) delete env[k];
    execFileSync('git', ['init', '-q', '--bare', gitDir], { env });
    const work = path.join(root, 'work');
    const scratchIndex = path.join(root, 'scratch-index');
    const run = (args: string[], input?: string) => execFileSync('git', ['--git-dir', gitDir, '--work-tree', work, ...args], { env: { ...env, GIT_INDEX_FILE: scratchIndex }, input, encoding: 'utf8' }).trim();
    // The index the measure runs with is not an index at all: reading it would fail.
    const index = path.join(root, 'index');
    writeFileSync(index, 'not an index');
    return {
      git: shadowGit({ cwd: root, gitDir, indexFile: index }),
      blob: (text) => run(['hash-object', '-w', '--stdin'], text),
      tree: (files) => {
        run(['read-tree', '--empty']);
        for (const [rel, text] of Object.entries(files)) write(work, rel, text);
        run(['add', '--', ...Object.keys(files)]);
        return run(['write-tree']);
      },
    };
  }

  it('names the new blobs in the tree once it is written, and never reads the index', async () => {
    const r = repository();
    const oldA = r.blob('a\n');
    const oldGone = r.blob('gone, 12345\n');
    const tree = r.tree({ 'a.txt': 'a longer\n', 'dir/new.txt': 'new\n' });
    let resolveTree: (t: string) => void = () => undefined;
    const later = new Promise<string>((resolve) => (resolveTree = resolve));
    const measuring = measureChangesIn(r.git, { commit: tree, tree, sizeBytes: 100, fileCount: 10, skipped: [] }, later, [
      { before: oldA, path: 'a.txt' },
      { before: oldGone, path: 'gone.txt' },
      { path: 'dir/new.txt' },
    ]);
    setTimeout(() => resolveTree(tree), 20);
    // a.txt: 2 bytes to 9; gone.txt: 12 bytes and a file less; dir/new.txt: 4 bytes and a file more
    assert.deepEqual(await measuring, { sizeBytes: 100 + 7 - 12 + 4, fileCount: 10 });
  });

  it('fails, and leaves no git waiting, when the tree is not written', async () => {
    const r = repository();
    await assert.rejects(measureChangesIn(r.git, { commit: 'x', tree: 'x', sizeBytes: 1, fileCount: 1, skipped: [] }, Promise.reject(new Error('write-tree failed')), [{ path: 'a.txt' }]), /write-tree failed/);
  });
});
