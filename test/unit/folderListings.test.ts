// The special-file scan's kept folder listings (shadowStore/folderListings.ts): a long-lived process
// parses them again only when the file was replaced, and always sees another process's write.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readListing, writeListing, type FolderListings } from '../../src/adapters/shadowStore/folderListings';

const listing = (names: string[]): FolderListings => ({
  folders: new Map(names.map((n, i) => [n, { ctime: 1000 + i, ino: 7 + i, racy: false, nested: false, folders: [], specials: [] }])),
  ignored: new Set(['node_modules']),
});

describe('The special-file scan’s kept listings', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'listings-'));
    file = path.join(dir, 'folders.json');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads back what was written, and hands the same listings to the next scan while the file is unchanged', async () => {
    await writeListing(file, listing(['', 'src', 'src/a']));
    const first = await readListing(file);
    assert.deepEqual([...first.folders.keys()], ['', 'src', 'src/a']);
    assert.deepEqual([...first.ignored], ['node_modules']);
    assert.equal(await readListing(file), first, 'not parsed again');
  });

  it('sees a listing another process wrote since, even of the same size, and its own next write', async () => {
    await writeListing(file, listing(['', 'a']));
    assert.deepEqual([...(await readListing(file)).folders.keys()], ['', 'a']);
    // another process replaces the file (as replaceFile does: a new file renamed over it), same length
    const other = `
      const fs = require('node:fs');
      const text = fs.readFileSync(${JSON.stringify(file)}, 'utf8').replace('"a"', '"b"');
      fs.writeFileSync(${JSON.stringify(`${file}.tmp`)}, text);
      fs.renameSync(${JSON.stringify(`${file}.tmp`)}, ${JSON.stringify(file)});`;
    assert.equal(spawnSync(process.execPath, ['-e', other]).status, 0);
    assert.deepEqual([...(await readListing(file)).folders.keys()], ['', 'b']);
    await writeListing(file, listing(['', 'c']));
    assert.deepEqual([...(await readListing(file)).folders.keys()], ['', 'c']);
  });

  it('keeps its own write: the next scan gets the very listings written, not a parse of the file', async () => {
    const written = listing(['', 'src', 'src/a']);
    await writeListing(file, written);
    assert.equal(await readListing(file), written);
    // the file is as written all the same: a process without that memory reads the same listings
    const text = JSON.parse(readFileSync(file, 'utf8')) as { folders: unknown[] };
    assert.equal(text.folders.length, 3);
  });

  it('starts afresh from a file that is gone or not as written', async () => {
    await writeListing(file, listing(['', 'a']));
    await readListing(file);
    rmSync(file);
    assert.equal((await readListing(file)).folders.size, 0);
    writeFileSync(file, '{"ignored": [], "folders": [["", "not a number"]]}');
    assert.equal((await readListing(file)).folders.size, 0);
  });
});
