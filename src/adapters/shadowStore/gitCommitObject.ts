import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { constants, inflate } from 'node:zlib';
import { OBJECT_ID_PATTERN } from '../../core/ids';
import { writeLooseObject } from './looseObject';

const inflateAsync = promisify(inflate);

export interface CommitIdentity {
  readonly name: string;
  readonly email: string;
}

/**
 * Writes a parentless commit of `tree` as a loose object of a SHA-1 repository, the way
 * `git commit-tree` would, and returns its id: a snapshot needs one per checkpoint, and starting a
 * git process for it costs more than the whole write. `git fsck` checks the format in the tests.
 */
export async function writeCommitObject(objectsDir: string, tree: string, message: string, who: CommitIdentity, when: Date): Promise<string> {
  if (!OBJECT_ID_PATTERN.test(tree) || tree.length !== 40) throw new Error(`not a SHA-1 tree id: ${tree}`);
  const person = `${cleanIdentity(who.name)} <${cleanIdentity(who.email)}> ${Math.floor(when.getTime() / 1000)} +0000`;
  // A NUL would end the message for git; a message always ends with one newline.
  const text = `${message.replace(/\0/g, '').replace(/\n*$/, '')}\n`;
  const body = Buffer.from(`tree ${tree}\nauthor ${person}\ncommitter ${person}\n\n${text}`, 'utf8');
  return writeLooseObject(objectsDir, 'commit', body);
}

function cleanIdentity(value: string): string {
  return value.replace(/[<>\n\0]/g, '').trim();
}

/**
 * The tree a loose commit (or a loose tree: itself) stands for, read from its file: the commits of
 * recent snapshots are loose, and reading one costs less than starting `git rev-parse`. Undefined
 * when the object is not loose (git packed it) or not a commit or tree.
 */
export async function looseObjectTree(objectsDir: string, oid: string): Promise<string | undefined> {
  if (!OBJECT_ID_PATTERN.test(oid) || oid.length !== 40) return undefined;
  const compressed = await fs.readFile(path.join(objectsDir, oid.slice(0, 2), oid.slice(2))).catch(() => undefined);
  if (!compressed) return undefined;
  const head = (await inflateAsync(compressed, { finishFlush: constants.Z_SYNC_FLUSH }).catch(() => undefined))?.subarray(0, 64).toString('latin1');
  if (head?.startsWith('tree ')) return oid;
  const m = head && /^commit \d+\0tree ([0-9a-f]{40})\n/.exec(head);
  return m ? m[1] : undefined;
}
