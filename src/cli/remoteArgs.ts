import { ValidationError } from '../core/errors';
import { UsageError } from '../envelopes/cliErrors';

// `agents remote …`: the command line of the remote commands (src/remote), parsed beside the plan
// commands (args.ts hands the group over with the options it already read).

export const REMOTE_OPTIONS = {
  plan: { type: 'string', multiple: true },
  'dry-run': { type: 'boolean' },
  'include-prompts': { type: 'boolean' },
  since: { type: 'string' },
  allow: { type: 'string', multiple: true },
  deny: { type: 'string', multiple: true },
  'max-blob-mb': { type: 'string' },
  'push-at-session-end': { type: 'string' },
  'no-push-at-session-end': { type: 'boolean' },
} as const;

export const REMOTE_SUBCOMMANDS = ['enable', 'disable', 'status', 'push', 'fetch', 'prune'] as const;

export type RemoteCommand =
  | { readonly name: 'enable'; readonly allow: string[]; readonly deny: string[]; readonly maxBlobBytes?: number; readonly pushAtSessionEnd?: string | null }
  | { readonly name: 'disable' }
  | { readonly name: 'status' }
  | { readonly name: 'push'; readonly remote: string; readonly planIds?: string[]; readonly dryRun: boolean; readonly includePrompts: boolean }
  | { readonly name: 'fetch'; readonly remote: string; readonly planIds?: string[]; readonly since?: Date }
  | { readonly name: 'prune'; readonly remote: string; readonly dryRun: boolean };

const ALLOWED: Record<(typeof REMOTE_SUBCOMMANDS)[number], { options: string[]; remote: boolean }> = {
  enable: { options: ['allow', 'deny', 'max-blob-mb', 'push-at-session-end', 'no-push-at-session-end'], remote: false },
  disable: { options: [], remote: false },
  status: { options: [], remote: false },
  push: { options: ['plan', 'dry-run', 'include-prompts'], remote: true },
  fetch: { options: ['plan', 'since'], remote: true },
  prune: { options: ['dry-run'], remote: true },
};

export const REMOTE_HELP = `agents remote enable [--allow GLOB]... [--deny GLOB]... [--max-blob-mb N]
                     [--push-at-session-end <remote> | --no-push-at-session-end]
agents remote disable | status
agents remote push <remote> [--plan ID]... [--dry-run] [--include-prompts]
agents remote fetch <remote> [--plan ID]... [--since DATE]
agents remote prune <remote> [--dry-run]

Sends this workspace's plans and checkpoints to a git remote (a remote name of the workspace's
repository, or a URL) under refs/cleveragents/, and brings other machines' plans back, read-only.
Pushing is off until "agents remote enable" (kept in your config folder, never in the workspace).
Prompt text stays here unless --include-prompts; files on the deny list, files holding well-known
secret formats and files over the size cap are withheld and named. --dry-run lists every object
that would leave. --push-at-session-end pushes an agent session's plan to <remote> when the
session ends (in the background; its outcome in "agents remote status"). See docs/REMOTES.md.`;

interface Token {
  readonly kind: string;
  readonly name?: string;
  readonly rawName?: string;
}

/** The remote command of `agents remote <sub> [args]`, from the values parseArgs read. */
export function buildRemoteCommand(sub: string | undefined, args: readonly string[], values: Record<string, unknown>, given: readonly Token[], globals: readonly string[]): RemoteCommand {
  if (sub === undefined || !(REMOTE_SUBCOMMANDS as readonly string[]).includes(sub)) {
    throw new UsageError(`${sub === undefined ? 'missing command after "remote"' : `unknown command "remote ${sub}"`}; one of: ${REMOTE_SUBCOMMANDS.join(', ')}`);
  }
  const name = sub as (typeof REMOTE_SUBCOMMANDS)[number];
  const shape = ALLOWED[name];
  for (const token of given) {
    if (token.kind === 'option' && !globals.includes(token.name!) && !shape.options.includes(token.name!)) throw new UsageError(`unknown option ${token.rawName} for "remote ${name}"`);
  }
  const wanted = shape.remote ? 1 : 0;
  if (args.length < wanted) throw new UsageError(`"remote ${name}" needs <remote> (a remote name such as origin, or a URL)`);
  if (args.length > wanted) throw new UsageError(`"remote ${name}" got an unexpected argument ${JSON.stringify(args[wanted])}`);
  const plans = values.plan as string[] | undefined;
  for (const id of plans ?? []) if (!/^[0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{4,26}$/.test(id)) throw new ValidationError(`--plan ${JSON.stringify(id)} is not a plan id or a prefix of one (4 or more characters)`);
  switch (name) {
    case 'enable': {
      const mb = values['max-blob-mb'] as string | undefined;
      let maxBlobBytes: number | undefined;
      if (mb !== undefined) {
        if (!/^\d+$/.test(mb) || Number(mb) < 1) throw new ValidationError(`--max-blob-mb must be a whole number of megabytes, 1 or more, not ${JSON.stringify(mb)}`);
        maxBlobBytes = Number(mb) * 1024 * 1024;
      }
      const atEnd = values['push-at-session-end'] as string | undefined;
      if (atEnd !== undefined && values['no-push-at-session-end'] === true) throw new UsageError('give --push-at-session-end <remote> or --no-push-at-session-end, not both');
      if (atEnd !== undefined && (atEnd === '' || atEnd.startsWith('-') || /[\0\n]/.test(atEnd))) throw new ValidationError(`--push-at-session-end needs a remote (a remote name such as origin, or a URL), not ${JSON.stringify(atEnd)}`);
      const pushAtSessionEnd = atEnd ?? (values['no-push-at-session-end'] === true ? null : undefined);
      return { name, allow: (values.allow as string[] | undefined) ?? [], deny: (values.deny as string[] | undefined) ?? [], ...(maxBlobBytes === undefined ? {} : { maxBlobBytes }), ...(pushAtSessionEnd === undefined ? {} : { pushAtSessionEnd }) };
    }
    case 'disable':
    case 'status':
      return { name };
    case 'push':
      return { name, remote: args[0]!, ...(plans ? { planIds: plans } : {}), dryRun: values['dry-run'] === true, includePrompts: values['include-prompts'] === true };
    case 'fetch': {
      const since = values.since as string | undefined;
      let date: Date | undefined;
      if (since !== undefined) {
        date = new Date(since);
        if (Number.isNaN(date.getTime())) throw new ValidationError(`--since must be a date or time (2026-12-01, 2026-12-01T09:30:00Z), not ${JSON.stringify(since)}`);
      }
      return { name, remote: args[0]!, ...(plans ? { planIds: plans } : {}), ...(date ? { since: date } : {}) };
    }
    case 'prune':
      return { name, remote: args[0]!, dryRun: values['dry-run'] === true };
  }
}
