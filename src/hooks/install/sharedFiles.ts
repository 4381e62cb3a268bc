import { lstat } from 'node:fs/promises';
import { readRegularFile } from '../../adapters/files/stateFiles';
import * as path from 'node:path';
import type { HookAgent } from '../../daemonClient/hookAgents';
import type { HookScope } from './agentHookConfigs';

// The hook command names this machine's node and cli.js by absolute path (an agent's PATH need
// hold neither, and the extension's stable entry lives under the user's VS Code profile): no
// command resolves on every machine (the package is not on the npm registry, so `npx` would run
// someone else's). So where an agent has a personal file (Claude Code's settings.local.json) the
// hooks go there; where it has none, the project file that teams share gets them, and install and
// status say so.

/** The project files that hold the hooks and are meant to be shared (committed), per agent. */
const SHARED: Readonly<Partial<Record<HookAgent, string>>> = {
  copilot: '.github/hooks/cleveragents-checkpoints.json',
  cursor: '.cursor/hooks.json',
  gemini: '.gemini/settings.json',
  cline: '.clinerules/hooks/',
};

/** What to tell the user about a project install in a file others share; undefined where there is nothing to say. */
export function sharedFileWarning(agent: HookAgent, scope: HookScope): string | undefined {
  const file = scope === 'project' ? SHARED[agent] : undefined;
  if (file === undefined) return undefined;
  return `${file} is a project file that is usually committed, and the hook command in it names this machine's paths (its node and cli.js): a teammate's machine cannot run it. Keep it out of your commits (or install with --user instead).`;
}

/** Whether a line of a .gitignore plausibly covers `.claude/settings.local.json`. */
function coversLocalSettings(text: string): boolean {
  return text.split(/\r?\n/).some((raw) => {
    const line = raw.trim().replace(/^\//, '');
    return !line.startsWith('#') && !line.startsWith('!') && ['.claude', '.claude/', '.claude/*', '.claude/settings.local.json', 'settings.local.json', '*.local.json', '**/settings.local.json'].includes(line);
  });
}

/**
 * Claude Code keeps `.claude/settings.local.json` out of git when it makes the file itself; made
 * by this installer, it is ignored only if the project says so. Read from the workspace's
 * `.gitignore` and `.claude/.gitignore` (git itself is not run on an untrusted folder): a warning
 * when the folder is a git work tree and neither covers the file. Global excludes are not read, so
 * this may warn for a file git ignores after all.
 */
export async function localSettingsWarning(root: string): Promise<string | undefined> {
  if (!(await lstat(path.join(root, '.git')).then(() => true, () => false))) return undefined;
  for (const ignore of ['.gitignore', '.claude/.gitignore']) {
    const info = await lstat(path.join(root, ignore)).catch(() => undefined);
    if (!info?.isFile()) continue;
    let text = '';
    try {
      text = readRegularFile(path.join(root, ignore), ignore, 1024 * 1024)?.toString('utf8') ?? '';
    } catch {
      continue;
    }
    if (coversLocalSettings(ignore === '.gitignore' ? text : text.replace(/^(?!#)(\S)/gm, '.claude/$1'))) return undefined;
  }
  return ".claude/settings.local.json (personal: it names this machine's paths) is not listed in the project's .gitignore: add it there (Claude Code does so when it makes the file itself), so that it is never committed.";
}
