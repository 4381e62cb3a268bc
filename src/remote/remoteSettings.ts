import { randomBytes } from 'node:crypto';
import { promises as fs, realpathSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as z from 'zod';
import { ValidationError, describeIssues } from '../core/errors';
import { UlidSchema } from '../core/ids';
import { DEFAULT_DENY_PATTERNS, DEFAULT_MAX_BLOB_BYTES, type PrivacyRules } from './privacyRules';

// Pushing is opt-in per workspace, and the choice (with the allow and deny lists) lives in the
// user's own config folder, keyed by the workspace's real path: never in the workspace, where a
// cloned repository could ship a file that switches pushing on or allows `.env` out.

const PatternSchema = z.string().min(1).max(500);

export const WorkspaceRemoteSettingsSchema = z
  .object({
    enabled: z.boolean(),
    /** Names this workspace in the origin of what it pushes; prune touches only plans with it. */
    workspace_id: UlidSchema,
    allow: z.array(PatternSchema).max(1000).default([]),
    deny: z.array(PatternSchema).max(1000).default([]),
    max_blob_bytes: z.number().int().positive().default(DEFAULT_MAX_BLOB_BYTES),
    /**
     * The remote (a name of the workspace repository's remotes, or a URL) an agent session's plan
     * is pushed to when the session ends; absent: never. Kept here, outside the workspace, so that
     * no repository can switch it on.
     */
    push_at_session_end: z.string().min(1).max(4096).optional(),
  })
  .strict();
export type WorkspaceRemoteSettings = z.infer<typeof WorkspaceRemoteSettingsSchema>;

const SettingsFileSchema = z.object({ version: z.literal(1), workspaces: z.record(z.string().max(4096), WorkspaceRemoteSettingsSchema) }).strict();
type SettingsFile = z.infer<typeof SettingsFileSchema>;

/** `$XDG_CONFIG_HOME/cleveragents/remotes.json` (`%APPDATA%` on Windows, `~/.config` when unset). */
export function settingsPath(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const base = process.platform === 'win32' ? (env.APPDATA ?? path.join(os.homedir(), 'AppData', 'Roaming')) : env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config');
  return path.join(base, 'cleveragents', 'remotes.json');
}

function workspaceKey(workspaceRoot: string): string {
  try {
    return realpathSync(workspaceRoot);
  } catch {
    return path.resolve(workspaceRoot);
  }
}

async function readFile(file: string): Promise<SettingsFile> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, workspaces: {} };
    throw error;
  }
  const parsed = SettingsFileSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new ValidationError(`${file} is not a remote settings file: ${describeIssues(parsed.error.issues)}`);
  return parsed.data;
}

/** This workspace's settings; undefined when pushing was never enabled here. */
export async function readRemoteSettings(workspaceRoot: string, file = settingsPath()): Promise<WorkspaceRemoteSettings | undefined> {
  return (await readFile(file)).workspaces[workspaceKey(workspaceRoot)];
}

/** Changes this workspace's settings (made on first use, pushing off) and writes the file atomically. */
export async function updateRemoteSettings(
  workspaceRoot: string,
  change: (current: WorkspaceRemoteSettings) => WorkspaceRemoteSettings,
  newId: () => string,
  file = settingsPath(),
): Promise<WorkspaceRemoteSettings> {
  const all = await readFile(file);
  const key = workspaceKey(workspaceRoot);
  const current = all.workspaces[key] ?? { enabled: false, workspace_id: newId(), allow: [], deny: [], max_blob_bytes: DEFAULT_MAX_BLOB_BYTES };
  const next = WorkspaceRemoteSettingsSchema.parse(change(current));
  all.workspaces[key] = next;
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  await fs.writeFile(temp, `${JSON.stringify(all, null, 2)}\n`, { mode: 0o600 });
  await fs.rename(temp, file);
  return next;
}

/** The privacy rules of a push: the default deny list plus the workspace's own, its allow list and cap. */
export function privacyRulesOf(settings: WorkspaceRemoteSettings): PrivacyRules {
  return { deny: [...DEFAULT_DENY_PATTERNS, ...settings.deny], allow: settings.allow, maxBlobBytes: settings.max_blob_bytes };
}
