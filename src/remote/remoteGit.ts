import * as os from 'node:os';
import { ShadowGit } from '../adapters/shadowStore/gitEnvironment';

// The git that talks to a remote: the user's own (their global and system config, credential
// helpers, SSH setup), run through the engine's spawn wrapper on a transport repository of ours
// (transportRepo.ts), never on the shadow store, whose config file arrives with the workspace.

/**
 * GIT_* variables of the user's that choose how to reach a remote (SSH command, askpass, where the
 * user's config is); every other one (GIT_DIR, GIT_INDEX_FILE, GIT_WORK_TREE …) is dropped.
 */
const KEPT_GIT_VARIABLES = new Set(['GIT_SSH', 'GIT_SSH_COMMAND', 'GIT_SSH_VARIANT', 'GIT_ASKPASS', 'GIT_CONFIG_GLOBAL', 'GIT_CONFIG_NOSYSTEM', 'GIT_SSL_NO_VERIFY', 'GIT_SSL_CAINFO', 'GIT_PROXY_COMMAND', 'GIT_HTTP_USER_AGENT']);

/**
 * Settings on the command line that outrank the user's config for our calls: no hook runs (a
 * user's global hooks folder included), no fsmonitor, no background gc, no signing prompt, no
 * transport that runs an arbitrary command (`ext::`), objects checked as they are received.
 */
export const REMOTE_GIT_CONFIG: Readonly<Record<string, string>> = {
  'core.hooksPath': os.devNull,
  'core.fsmonitor': 'false',
  'core.pager': 'cat',
  'gc.auto': '0',
  'maintenance.auto': 'false',
  'commit.gpgSign': 'false',
  'push.gpgSign': 'false',
  'push.recurseSubmodules': 'no',
  'fetch.recurseSubmodules': 'false',
  'fetch.fsckObjects': 'true',
  'transfer.fsckObjects': 'true',
  'protocol.ext.allow': 'never',
  'protocol.fd.allow': 'never',
  'user.name': 'CleverAgents',
  'user.email': 'cleveragents@localhost',
};

/**
 * A git on the transport repository `gitDir` with the user's environment and {@link REMOTE_GIT_CONFIG};
 * with `signal`, each command it runs is stopped when the signal fires (Cancel in the editor).
 */
export function remoteGit(gitDir: string, cwd: string, extraEnv: Record<string, string> = {}, signal?: AbortSignal): ShadowGit {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined) continue;
    if (name.startsWith('GIT_') && !KEPT_GIT_VARIABLES.has(name)) continue;
    env[name] = value;
  }
  Object.assign(env, { GIT_DIR: gitDir, GIT_TERMINAL_PROMPT: '0', GIT_NO_REPLACE_OBJECTS: '1', LC_ALL: 'C', GIT_OPTIONAL_LOCKS: '0' }, extraEnv);
  const config = Object.entries(REMOTE_GIT_CONFIG);
  env.GIT_CONFIG_COUNT = String(config.length);
  config.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  const git = new ShadowGit(cwd, env);
  return signal ? git.withSignal(signal) : git;
}

/** The workspace repository's git, for one read: the URL of a remote it names. */
export function workspaceGit(workspaceRoot: string): ShadowGit {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined && (!name.startsWith('GIT_') || KEPT_GIT_VARIABLES.has(name))) env[name] = value;
  Object.assign(env, { GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', GIT_OPTIONAL_LOCKS: '0', GIT_CONFIG_COUNT: '2', GIT_CONFIG_KEY_0: 'core.fsmonitor', GIT_CONFIG_VALUE_0: 'false', GIT_CONFIG_KEY_1: 'core.hooksPath', GIT_CONFIG_VALUE_1: os.devNull });
  return new ShadowGit(workspaceRoot, env);
}
