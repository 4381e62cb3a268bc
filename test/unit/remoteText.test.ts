import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CommandTitles, Commands, REMOTE_COMMAND_NAMES, TRUSTED_ONLY_COMMANDS } from '../../src/extension/commandIds';
import { OPEN_TERMINAL, RETRY, SHOW_LOG, consentText, credentialCommand, failureActions, fetchOutcomeText, pushOutcomeText } from '../../src/extension/remote/remoteText';
import type { PushOutcome } from '../../src/remote/remotePush';
import { REPO_ROOT } from './helpers/cliHarness';

// What Push Session… and Fetch from Remote… say (src/extension/remote/remoteText.ts) and how
// package.json offers them: only in trusted workspaces, and on a fetched plan's rows only compare,
// roll back, copy and delete.

const ORIGIN = { workspace_id: '01M8YJC63YBAGXVKJ7D4RX90N5', machine: 'ci-box', user: 'ana', agent: 'Claude Code' };

function push(plan: Partial<PushOutcome['plans'][number]>): PushOutcome {
  return { remote: 'origin', dry_run: false, prompts_included: false, plans: [{ plan_id: '01M8YJC63YBAGXVKJ7D4RX90N5', title: 'Claude Code: prompt 1', status: 'pushed', ref: 'r', checkpoints_sent: ['a', 'b'], checkpoints_on_remote: 3, withheld: [], ...plan }] };
}

describe('Push Session… and Fetch from Remote…: what they say', () => {
  it('the opt-in modal says what leaves, what stays (prompts, deny list, secrets, the cap) and where the choice is kept', () => {
    const t = consentText('origin', 50 * 1024 * 1024);
    assert.match(t.message, /off for this workspace.*origin/);
    const all = t.detail.join('\n');
    for (const needed of [/refs\/cleveragents\//, /prompt text/, /\.env/, /private keys/, /secret format/, /over 50 MB/, /not in the workspace/, /agents remote disable/]) assert.match(all, needed);
    assert.match(consentText('origin', 10 * 1024 * 1024).detail.join('\n'), /over 10 MB/);
  });

  it('a push says what was sent and withheld; a refusal after concurrent pushes offers Retry, another refusal not', () => {
    assert.deepEqual(pushOutcomeText(push({ withheld: [{ path: '.env', reason: 'denied_name', checkpoints: 2 }] })), {
      message: 'Pushed “Claude Code: prompt 1” to origin: 2 checkpoints sent, 3 there now, prompt text left out. Withheld (not sent): .env.',
      ok: true,
      mayRetry: false,
    });
    assert.match(pushOutcomeText(push({ status: 'up_to_date' })).message, /is up to date on origin \(3 checkpoints\)/);
    const raced = pushOutcomeText(push({ status: 'refused', reason: "the remote's copy of this plan changed during each of 4 tries (another push at the same time; the remote's copy was last pushed by ana@laptop); nothing of this plan was changed there, try again" }));
    assert.equal(raced.ok, false);
    assert.equal(raced.mayRetry, true);
    assert.match(raced.message, /last pushed by ana@laptop/);
    assert.equal(pushOutcomeText(push({ status: 'refused', reason: 'the remote holds a plan of this id recorded by another workspace' })).mayRetry, false);
  });

  it('a fetch names the plans and who recorded them, and what was refused', () => {
    const said = fetchOutcomeText({
      remote: 'origin',
      plans: [
        { plan_id: 'P1', title: 'Claude Code: prompt 1', status: 'fetched', origin: ORIGIN, checkpoints_added: ['a'], checkpoints: 1 },
        { plan_id: 'P2', title: 'bad', status: 'refused', reason: 'its plan.json is not one this version reads', checkpoints_added: [], checkpoints: 0 },
      ],
    });
    assert.equal(said.message, 'Fetched 1 plan from origin: “Claude Code: prompt 1” (from ana@ci-box, Claude Code). Read-only here, under Remote. Refused: bad (its plan.json is not one this version reads).');
    assert.deepEqual(said.fetched, ['P1']);
    assert.match(fetchOutcomeText({ remote: 'origin', plans: [] }).message, /^Nothing new on origin\.$/);
  });

  it('each kind of failure offers what a person can do about it', () => {
    assert.deepEqual(failureActions('auth'), [OPEN_TERMINAL, SHOW_LOG]);
    assert.deepEqual(failureActions('rejected'), [RETRY, SHOW_LOG]);
    assert.deepEqual(failureActions('offline'), [RETRY, SHOW_LOG]);
    assert.deepEqual(failureActions('not_found'), [SHOW_LOG]);
    assert.deepEqual(failureActions(undefined), [SHOW_LOG]);
    assert.equal(credentialCommand('origin'), 'git ls-remote origin');
    assert.equal(credentialCommand("https://host/it's.git"), "git ls-remote 'https://host/it'\\''s.git'");
  });

  it('package.json: both commands only when trusted; a fetched plan’s rows get compare, roll back, copy and delete, and no other command', () => {
    for (const name of REMOTE_COMMAND_NAMES) assert.ok(TRUSTED_ONLY_COMMANDS.includes(name));
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      contributes: { commands: { command: string; title: string }[]; menus: Record<string, { command: string; when?: string }[]>; keybindings: { command: string; when: string }[] };
    };
    for (const name of REMOTE_COMMAND_NAMES) assert.equal(pkg.contributes.commands.find((c) => c.command === Commands[name])?.title, CommandTitles[name]);
    const onFetched = new Set<string>();
    for (const entry of pkg.contributes.menus['view/item/context']!) {
      const pattern = /viewItem =~ \/(.*?)\/( |$)/.exec(entry.when ?? '')?.[1];
      const equal = /viewItem == ([\w.]+)/.exec(entry.when ?? '')?.[1];
      if (pattern === undefined && equal === undefined) continue;
      const re = pattern === undefined ? { test: (v: string) => v === equal } : new RegExp(pattern);
      for (const value of ['remote.plan.executing.in_place', 'remote.session.completed.in_place', 'remote.checkpoint.executing', 'remote.checkpoint.completed.first', 'remote.checkpoint.executing.prompt', 'remote.decision', 'remote.decision.reverted']) {
        if (re.test(value)) onFetched.add(entry.command.replace('cleveragents.checkpoints.', ''));
      }
    }
    assert.deepEqual([...onFetched].sort(), ['compareWithCurrent', 'compareWithPrevious', 'copyCheckpointId', 'copyPlanId', 'deletePlan', 'rollback']);
    // Nor the Delete key, nor the palette's Delete Checkpoint, on a fetched checkpoint selected.
    const deletes = [...pkg.contributes.keybindings, ...pkg.contributes.menus.commandPalette!].filter((k) => k.command === Commands.deleteCheckpoint);
    assert.equal(deletes.length, 2);
    for (const k of deletes) assert.match(k.when ?? '', /&& !cleveragents\.checkpoints\.fetchedSelected\b/);
  });
});
