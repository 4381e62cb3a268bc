import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { hookFedPlanIds, sessionFilePath } from '../../src/hooks/sessionPlans';
import { seenDir } from '../../src/hooks/sessionNotes';
import { ensureCliBuilt, runCli, ok } from './helpers/cliHarness';
import { claudeHook } from './helpers/claudeHooks';
import { services, write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

// Session files and `seen/` markers do not pile up: each new agent session sweeps up to 20 other
// session files whose plans take no more checkpoints, and markers older than two weeks. Without the
// sweep, a workspace of hundreds of sessions hid live sessions from hookFedPlanIds (it reads at most
// 500 files), and the extension took its own automatic checkpoints of a hook-fed plan.

const HOUR_AGO = (Date.now() - 60 * 60_000) / 1000;
const MONTH_AGO = (Date.now() - 30 * 24 * 60 * 60_000) / 1000;

describe('a new agent session sweeps ended sessions’ files and old markers', function () {
  this.timeout(240_000);
  const tempDir = useTempDirs('ca-sweep-');
  before(() => ensureCliBuilt());

  /** A session file as the hooks write it, for `planId`, last changed at `mtime` (seconds). */
  function sessionFile(root: string, sessionId: string, planId: string, mtime: number): string {
    const file = sessionFilePath(root, 'claude-code', sessionId);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify({ version: 1, agent: 'claude-code', session_id: sessionId, plan_id: planId, created_at: new Date().toISOString() })}\n`);
    utimesSync(file, mtime, mtime);
    return file;
  }

  it('removes the files of ended and deleted sessions’ plans, keeps live and young ones, and old markers go', async () => {
    const root = tempDir();
    write(root, 'a.txt', 'a\n');
    const s = services(root);
    let live: string, ended: string, young: string;
    try {
      live = (await s.plans.createPlan({ title: 'live session', sandbox: '.' })).plan_id;
      await s.plans.setState(live, 'executing');
      ended = (await s.plans.createPlan({ title: 'ended session', sandbox: '.' })).plan_id;
      await s.plans.setState(ended, 'executing');
      await s.plans.setState(ended, 'completed');
      young = (await s.plans.createPlan({ title: 'ended just now', sandbox: '.' })).plan_id;
      await s.plans.setState(young, 'cancelled');
    } finally {
      s.dispose();
    }
    const liveFile = sessionFile(root, 'live', live, HOUR_AGO);
    const endedFile = sessionFile(root, 'ended', ended, HOUR_AGO);
    const deletedFile = sessionFile(root, 'deleted', '01KBX9ZQ7M4E8N2Q5R7T9VWXY0', HOUR_AGO);
    const youngFile = sessionFile(root, 'young', young, Date.now() / 1000);
    mkdirSync(seenDir(root), { recursive: true });
    const oldMarker = path.join(seenDir(root), 'a'.repeat(32));
    const newMarker = path.join(seenDir(root), 'b'.repeat(32));
    writeFileSync(oldMarker, '');
    utimesSync(oldMarker, MONTH_AGO, MONTH_AGO);
    writeFileSync(newMarker, '');

    claudeHook(root, 'a-new-session', { hook_event_name: 'UserPromptSubmit', prompt: 'start' });

    assert.ok(existsSync(liveFile), 'a live session keeps its file');
    assert.ok(existsSync(youngFile), 'a file younger than ten minutes is left alone');
    assert.ok(!existsSync(endedFile), 'an ended session’s file is removed');
    assert.ok(!existsSync(deletedFile), 'a deleted plan’s session file is removed');
    assert.ok(existsSync(sessionFilePath(root, 'claude-code', 'a-new-session')), 'the new session has its file');
    assert.deepEqual(readdirSync(seenDir(root)).sort(), ['b'.repeat(32)], 'only the old marker went');
    const fed = await hookFedPlanIds(root);
    assert.ok(fed.has(live) && !fed.has(ended));
    // The plans themselves are untouched: only the hooks' notes of them went.
    const listed = ok(runCli(root, ['--format', 'json', 'plan', 'list'])).json<{ plans: { plan_id: string }[] }>().plans.map((p) => p.plan_id);
    for (const id of [live, ended, young]) assert.ok(listed.includes(id));
  });
});
