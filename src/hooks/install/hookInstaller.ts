// eslint-disable-next-line no-restricted-imports -- makes the agents' settings folders one level at a time, after safeTarget.resolveTarget
import { chmod, lstat, mkdir, rmdir, stat, unlink } from 'node:fs/promises';
import * as path from 'node:path';
import { writeFileAtomic } from '../../adapters/files/atomicFile';
import { DATA_DIR_NAME, ensureDataDir } from '../../adapters/files/nodeWorkspaceFiles';
import type { HookAgent } from '../../daemonClient/hookAgents';
import { AGENT_HOOK_CONFIGS, type HookScope, type JsonHookConfig, type PluginHookConfig, type ScriptHookConfig } from './agentHookConfigs';
import { codexTrustNote } from './codexTrust';
import { bashCommand, type HookProgram } from './hookCommandLine';
import { creatablePaths, displayPath, isOurClineScript, modeOf, readTextOrNull } from './hookFiles';
import { readInstallRecord, RECORD_FILE, removeBareDataFolder, withCreated, writeInstallRecord } from './installRecord';
import { addOurHooks, holdsOnlySkeleton, removeOurHooks } from './jsonHookMerge';
import { ConfigFileError, parseJsonObject } from './jsonEdit';
import { resolveTarget } from './safeTarget';
import { localSettingsWarning, sharedFileWarning } from './sharedFiles';

// Plans what `agents hook install|uninstall` changes (file by file, before and after), so that
// `--dry-run` shows exactly what a real run writes, and then applies it.

/** One file the command creates, changes or removes. `after` null: the file is removed. */
export interface FileChange {
  /** Relative to the root, `/` separators. */
  readonly relative: string;
  readonly display: string;
  /** The path written (the file, or what it links to). */
  readonly target: string;
  readonly before: string | null;
  readonly after: string | null;
  /** A Cline script: written with mode 0755. */
  readonly executable: boolean;
}

export interface HookPlan {
  readonly agent: HookAgent;
  readonly scope: HookScope;
  readonly root: string;
  /** The files that change; empty when everything is as it should be already. */
  readonly changes: readonly FileChange[];
  /** The configuration files concerned, for the messages. */
  readonly files: readonly string[];
  /** The events our hooks are (install) or were (uninstall) configured under. */
  readonly events: readonly string[];
  readonly warnings: readonly string[];
}

/** Gemini CLI runs no hook when a settings file switches them off: say so rather than override the user. */
function geminiWarnings(text: string, display: string): string[] {
  const { value } = parseJsonObject(text, display, true);
  const hooksConfig = value.hooksConfig;
  if (typeof hooksConfig === 'object' && hooksConfig !== null && (hooksConfig as Record<string, unknown>).enabled === false) {
    return [`${display} sets hooksConfig.enabled to false: Gemini CLI runs no hook until it is true`];
  }
  return [];
}

/** Our hooks taken out of one file (removed when install created it and nothing else is left); null when it has none. */
async function withoutOurs(config: JsonHookConfig, scope: HookScope, root: string, relative: string, created: readonly string[]): Promise<FileChange | null> {
  const display = displayPath(scope, relative);
  const target = await resolveTarget(root, relative, scope, display);
  const before = await readTextOrNull(target, display);
  if (before === null) return null;
  let after: string | null = removeOurHooks(before, config, display);
  if (created.includes(relative) && holdsOnlySkeleton(after, config, display)) after = null;
  return after === before ? null : { relative, display, target, before, after, executable: false };
}

async function planJson(config: JsonHookConfig, mode: 'install' | 'uninstall', scope: HookScope, root: string, program: HookProgram, created: readonly string[]): Promise<HookPlan> {
  const relative = config.file(scope);
  const display = displayPath(scope, relative);
  const events = config.entries(program).map((e) => e.event);
  const changes: FileChange[] = [];
  // Where an earlier version put them (Claude Code's shared settings.json): taken out on install
  // and on uninstall alike, so that no machine's path stays in a file a team shares.
  for (const former of config.formerFiles?.(scope) ?? []) {
    const change = await withoutOurs(config, scope, root, former, created);
    if (change) changes.push(change);
  }
  let after: string | null;
  if (mode === 'install') {
    const target = await resolveTarget(root, relative, scope, display);
    const before = await readTextOrNull(target, display);
    after = addOurHooks(before, config, program, display);
    if (after !== before) changes.push({ relative, display, target, before, after, executable: false });
  } else {
    const change = await withoutOurs(config, scope, root, relative, created);
    if (change) changes.push(change);
    after = change ? change.after : null;
  }
  const warnings = config.agent === 'gemini' && after !== null ? geminiWarnings(after, display) : config.agent === 'codex' && mode === 'install' ? [codexTrustNote(display)] : [];
  const files = [display, ...changes.filter((c) => c.relative !== relative).map((c) => c.display)];
  return { agent: config.agent, scope, root, changes, files, events, warnings };
}

async function planScripts(config: ScriptHookConfig, mode: 'install' | 'uninstall', scope: HookScope, root: string, program: HookProgram): Promise<HookPlan> {
  const folder = config.folder(scope);
  const firstPart = folder.split('/')[0]!;
  const first = await stat(path.join(root, firstPart)).catch(() => undefined);
  if (first && !first.isDirectory()) {
    throw new ConfigFileError(`${displayPath(scope, firstPart)} is a file: Cline reads hooks only from a ${folder}/ folder (move the file's rules into ${firstPart}/ as a .md file, then run this again); nothing was written`);
  }
  const script = config.script(program);
  const changes: FileChange[] = [];
  const warnings: string[] = [];
  const events: string[] = [];
  for (const event of config.events) {
    const relative = `${folder}/${event}`;
    const display = displayPath(scope, relative);
    const target = await resolveTarget(root, relative, scope, display);
    const before = await readTextOrNull(target, display);
    if (mode === 'uninstall') {
      if (before !== null && isOurClineScript(before)) changes.push({ relative, display, target, before, after: null, executable: true });
      events.push(event);
      continue;
    }
    if (before !== null && !isOurClineScript(before) && config.optionalEvents.includes(event)) {
      // only the push at a session's end runs from it: the user's script stays, and we say what it misses
      warnings.push(`${display} is not ours and was left as it is: a session ending there starts no push to a remote (add this line to it if you want one: ${bashCommand(program, 'cline')})`);
      continue;
    }
    events.push(event);
    if (before !== null && !isOurClineScript(before)) {
      throw new ConfigFileError(
        `${display} exists and is not ours: Cline runs one hook file per event, so add this line to it yourself: ${bashCommand(program, 'cline')} (it must print {"cancel":false}); nothing was written`,
      );
    }
    const executable = ((await modeOf(target)) ?? 0) & 0o100;
    if (before !== script || !executable) changes.push({ relative, display, target, before, after: script, executable: true });
  }
  return { agent: config.agent, scope, root, changes, files: [displayPath(scope, `${folder}/`)], events, warnings };
}

/**
 * A plugin file that is all ours (OpenCode): written whole, replaced when it names another
 * program, removed by uninstall; a file of that name that is not ours is refused, never overwritten.
 */
async function planPlugin(config: PluginHookConfig, mode: 'install' | 'uninstall', scope: HookScope, root: string, program: HookProgram): Promise<HookPlan> {
  const relative = config.file(scope);
  const display = displayPath(scope, relative);
  const target = await resolveTarget(root, relative, scope, display);
  const before = await readTextOrNull(target, display);
  const base = { agent: config.agent, scope, root, files: [display], events: config.events, warnings: [] };
  if (mode === 'uninstall') {
    return { ...base, changes: before !== null && config.isOurs(before) ? [{ relative, display, target, before, after: null, executable: false }] : [] };
  }
  if (before !== null && !config.isOurs(before)) throw new ConfigFileError(`${display} exists and is not ours; nothing was written (move it away, then run this again)`);
  const after = config.text(program);
  return { ...base, changes: before === after ? [] : [{ relative, display, target, before, after, executable: false }] };
}

/** What installing `agent`'s hooks in `scope` changes. Throws ConfigFileError for a file it must not touch. */
export async function planHookChange(agent: HookAgent, mode: 'install' | 'uninstall', scope: HookScope, root: string, program: HookProgram): Promise<HookPlan> {
  const config = AGENT_HOOK_CONFIGS[agent];
  // the record is written after the configuration: refuse a record path out of the workspace before anything is written
  await resolveTarget(root, RECORD_FILE, scope, displayPath(scope, RECORD_FILE));
  const record = await readInstallRecord(root, scope);
  const created = (record.created[agent] ?? []).filter((p) => creatablePaths(agent, scope).includes(p));
  const plan = config.kind === 'plugin' ? await planPlugin(config, mode, scope, root, program) : config.kind === 'json' ? await planJson(config, mode, scope, root, program, created) : await planScripts(config, mode, scope, root, program);
  if (mode === 'uninstall') return plan;
  // a command naming this machine's paths, in a file a team shares or one git may not ignore: said
  const shared = sharedFileWarning(agent, scope);
  const local = agent === 'claude-code' && scope === 'project' ? await localSettingsWarning(root) : undefined;
  return { ...plan, warnings: [...plan.warnings, ...(shared ? [shared] : []), ...(local ? [local] : [])] };
}

/** Creates the folders above `relative` that are missing; the ones it made, relative to the root. */
async function makeParents(root: string, relative: string): Promise<string[]> {
  const parts = relative.split('/').slice(0, -1);
  const made: string[] = [];
  for (let i = 1; i <= parts.length; i++) {
    const rel = parts.slice(0, i).join('/');
    try {
      await mkdir(path.join(root, rel));
      made.push(rel);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return made;
}

/**
 * `.cleveragents/` with its `.gitignore` of `*`, made before anything else an install writes: from
 * then on the agent's first `git status` does not show the store (nor the install record) to the
 * model. Whether this call made the folder.
 */
async function keepStoreOutOfGit(root: string): Promise<boolean> {
  const existed = await lstat(path.join(root, DATA_DIR_NAME)).then(() => true, () => false);
  await ensureDataDir(root);
  return !existed;
}

/** Writes the plan: each file atomically, then the install record. */
export async function applyHookPlan(plan: HookPlan, mode: 'install' | 'uninstall'): Promise<void> {
  const { root, scope, agent } = plan;
  const madeDataFolder = mode === 'install' && scope === 'project' && plan.changes.length > 0 ? await keepStoreOutOfGit(root) : false;
  let record = await readInstallRecord(root, scope);
  const allowed = creatablePaths(agent, scope);
  const created = (record.created[agent] ?? []).filter((p) => allowed.includes(p));
  for (const change of plan.changes) {
    if (change.after === null) {
      await unlink(change.target);
      continue;
    }
    created.push(...(await makeParents(root, change.relative)));
    const mode = change.executable ? 0o755 : ((await modeOf(change.target)) ?? 0o644);
    await writeFileAtomic(change.target, change.after, mode);
    // the umask may have taken bits away from a new file's mode: an agent runs only an executable hook
    if (change.executable) await chmod(change.target, 0o755);
    if (change.before === null) created.push(change.relative);
  }
  if (mode === 'uninstall') {
    // what install made, deepest first: a folder goes only when nothing of anyone else's is left in it
    const deepestFirst = [...created].sort((a, b) => b.split('/').length - a.split('/').length);
    for (const made of deepestFirst) await rmdir(path.join(root, made)).catch(() => undefined);
    if ((record.created[agent] ?? []).length > 0) await writeInstallRecord(root, scope, withCreated(record, agent, []));
    if (scope === 'project' && plan.changes.length > 0) await removeBareDataFolder(root);
    return;
  }
  if (created.length === (record.created[agent] ?? []).filter((p) => allowed.includes(p)).length) return;
  // .cleveragents/ made here to hold the record is the record's to remove when it empties
  if ((await makeParents(root, RECORD_FILE)).length > 0 || madeDataFolder) record = { ...record, data_folder_created: true };
  await writeInstallRecord(root, scope, withCreated(record, agent, created));
}
