import type { RemoteFailureKind } from '../../core/remoteFailures';
import { originText } from '../../remote/fetchedOrigins';
import type { FetchOutcome } from '../../remote/remoteFetch';
import type { PushOutcome } from '../../remote/remotePush';

// What Push Session… and Fetch from Remote… say, as data (no vscode here, so that it is tested as
// it reads): the modal before pushing is turned on, each outcome, and what each failure offers.

export const TURN_ON_AND_PUSH = 'Turn On and Push';
export const SHOW_WHAT_WOULD_LEAVE = 'Show What Would Leave';
export const OPEN_TERMINAL = 'Open Terminal';
export const RETRY = 'Retry';
export const SHOW_LOG = 'Show Log';
export const SHOW_IN_VIEW = 'Show in Checkpoints View';

/** The modal asked before the first push from a workspace: what leaves, what does not, where the choice is kept. */
export function consentText(remote: string, maxBlobBytes: number): { message: string; detail: string[] } {
  return {
    message: `Pushing sessions is off for this workspace. Turn it on and push to ${remote}?`,
    detail: [
      'What leaves this machine: the plan’s rows (its title, states, and each checkpoint’s time, type and reason) and its checkpoints’ files, under refs/cleveragents/ on the remote. Never a branch or a tag; your own branches are not touched.',
      'What stays here:',
      '• prompt text: a prompt’s checkpoint goes as “prompt 3” (the command line’s --include-prompts sends it);',
      '• files on the deny list: .env files, private keys, credential files;',
      '• files holding a well-known secret format: cloud keys, tokens, private key blocks;',
      `• files over ${Math.round(maxBlobBytes / 1024 / 1024)} MB.`,
      'Anyone who can read the remote can read what is pushed. The choice is kept in your own settings, not in the workspace; "agents remote disable" turns it off.',
    ],
  };
}

/** One line on a plan's push, and whether it is good news. */
export function pushOutcomeText(out: PushOutcome): { message: string; ok: boolean; mayRetry: boolean } {
  const plan = out.plans[0];
  if (plan === undefined) return { message: `Nothing to push to ${out.remote}: the plan has no checkpoint yet.`, ok: true, mayRetry: false };
  if (plan.status === 'refused') {
    return { message: `“${plan.title || plan.plan_id}” was not pushed to ${out.remote}: ${plan.reason ?? 'refused'}.`, ok: false, mayRetry: /another push|try again/.test(plan.reason ?? '') };
  }
  const withheld = plan.withheld.length === 0 ? '' : ` Withheld (not sent): ${plan.withheld.map((w) => w.path).join(', ')}.`;
  if (plan.status === 'up_to_date') return { message: `“${plan.title}” is up to date on ${out.remote} (${plan.checkpoints_on_remote} checkpoint${plan.checkpoints_on_remote === 1 ? '' : 's'}).`, ok: true, mayRetry: false };
  const sent = plan.checkpoints_sent.length;
  return {
    message: `Pushed “${plan.title}” to ${out.remote}: ${sent} checkpoint${sent === 1 ? '' : 's'} sent, ${plan.checkpoints_on_remote} there now${out.prompts_included ? '' : ', prompt text left out'}.${withheld}`,
    ok: true,
    mayRetry: false,
  };
}

/** What a fetch brought, in one message. */
export function fetchOutcomeText(out: FetchOutcome): { message: string; fetched: string[] } {
  const fetched = out.plans.filter((p) => p.status === 'fetched');
  const refused = out.plans.filter((p) => p.status === 'refused');
  const parts: string[] = [];
  if (fetched.length === 0) parts.push(`Nothing new on ${out.remote}${out.plans.some((p) => p.status === 'up_to_date') ? ': the fetched plans here are up to date' : ''}.`);
  else {
    const names = fetched.map((p) => `“${p.title}”${p.origin ? ` (from ${originText(p.origin)})` : ''}`);
    parts.push(`Fetched ${fetched.length} plan${fetched.length === 1 ? '' : 's'} from ${out.remote}: ${names.join(', ')}. Read-only here, under Remote.`);
  }
  if (refused.length > 0) parts.push(`Refused: ${refused.map((p) => `${p.title || p.plan_id} (${p.reason ?? 'refused'})`).join('; ')}.`);
  return { message: parts.join(' '), fetched: fetched.map((p) => p.plan_id) };
}

/** The buttons of a failure's notification, by what git's failure was (core/remoteFailures.ts). */
export function failureActions(kind: RemoteFailureKind | undefined): string[] {
  switch (kind) {
    case 'auth':
      return [OPEN_TERMINAL, SHOW_LOG];
    case 'rejected':
    case 'offline':
      return [RETRY, SHOW_LOG];
    default:
      return [SHOW_LOG];
  }
}

/** The command typed (not run) in the terminal Open Terminal opens: git asks there for the credentials it lacks. */
export function credentialCommand(remote: string): string {
  return `git ls-remote ${/^[A-Za-z0-9._/:@-]+$/.test(remote) ? remote : `'${remote.replaceAll("'", "'\\''")}'`}`;
}
