import { rmdir, unlink } from 'node:fs/promises';
import { listStateDir, readRegularFile, readStateText } from '../../adapters/files/stateFiles';
import * as path from 'node:path';
import * as z from 'zod';
import { writeFileAtomic } from '../../adapters/files/atomicFile';
import { HOOK_AGENTS, type HookAgent } from '../../daemonClient/hookAgents';
import type { HookScope } from './agentHookConfigs';
import { resolveTarget } from './safeTarget';

// What `agents hook install` created (files and folders), per agent, so that uninstall removes a
// file or a folder only when install made it and nothing of anyone else's is left in it. Kept in
// `<root>/.cleveragents/hook-install.json`, root being the workspace or the home folder. The file
// is untrusted (it arrives with a clone): it is validated, and only the paths the agent's
// installer itself could have created are ever acted on.

export const RECORD_FILE = '.cleveragents/hook-install.json';

const recordSchema = z.object({
  version: z.literal(1),
  /** Whether install created `.cleveragents/` itself (to hold this file). */
  data_folder_created: z.boolean(),
  created: z.partialRecord(z.enum(HOOK_AGENTS), z.array(z.string().max(200)).max(50)),
});

export type InstallRecord = z.infer<typeof recordSchema>;

const RECORD_MAX_BYTES = 1024 * 1024;
const EMPTY: InstallRecord = { version: 1, data_folder_created: false, created: {} };

export async function readInstallRecord(root: string, scope: HookScope): Promise<InstallRecord> {
  let text: string;
  try {
    const bytes = readRegularFile(await resolveTarget(root, RECORD_FILE, scope, RECORD_FILE), RECORD_FILE, RECORD_MAX_BYTES);
    if (bytes === undefined) return EMPTY;
    text = bytes.toString('utf8');
  } catch {
    return EMPTY;
  }
  try {
    const parsed = recordSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : EMPTY;
  } catch {
    return EMPTY;
  }
}

/** Writes the record, or removes it (and `.cleveragents/` when it made it and it is empty) once it names nothing. */
export async function writeInstallRecord(root: string, scope: HookScope, record: InstallRecord): Promise<void> {
  const file = await resolveTarget(root, RECORD_FILE, scope, RECORD_FILE);
  const empty = HOOK_AGENTS.every((agent) => (record.created[agent] ?? []).length === 0);
  if (!empty) {
    await writeFileAtomic(file, `${JSON.stringify(record, null, 2)}\n`);
    return;
  }
  await unlink(file).catch(() => undefined);
  if (record.data_folder_created) await removeBareDataFolder(path.dirname(path.dirname(file)));
}

/**
 * `.cleveragents/` when it holds nothing but the `.gitignore` of `*` that install writes first (no
 * store, no log, no record): removed with it, so that install then uninstall leaves no trace.
 */
export async function removeBareDataFolder(root: string): Promise<void> {
  const dir = path.join(root, '.cleveragents');
  let names: string[];
  try {
    names = listStateDir(root, dir);
  } catch {
    return;
  }
  if (names.length === 1 && names[0] === '.gitignore' && readIgnore(root, path.join(dir, '.gitignore')) === '*\n') await unlink(path.join(dir, '.gitignore')).catch(() => undefined);
  await rmdir(dir).catch(() => undefined);
}

function readIgnore(root: string, file: string): string {
  try {
    return readStateText(root, file, 1024) ?? '';
  } catch {
    return '';
  }
}

/** The record with `agent`'s created paths replaced by `paths`. */
export function withCreated(record: InstallRecord, agent: HookAgent, paths: readonly string[]): InstallRecord {
  return { ...record, created: { ...record.created, [agent]: [...new Set(paths)] } };
}
