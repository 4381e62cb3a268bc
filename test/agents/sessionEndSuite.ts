// The push at a session's end (docs/REMOTES.md), with each agent's real program: a workspace cloned
// from a bare repository over file:// (the user's `origin`, with a branch and a tag of theirs),
// pushing at a session's end turned on for it, `agents hook install`, then one scripted prompt that
// writes a file, and the program's session ends as it ends for a person (the headless run exits,
// the editor's connection closes). The push runs detached from the hook: the test waits, with a
// generous deadline, for its outcome in `agents remote status`, then reads the bare repository:
// the session's plan is under refs/cleveragents/, a second clone fetches it with the same
// checkpoint ids, and the user's own branches and tags are as they were.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { z } from 'zod';
import { gitIn, refsOf, userRemote } from '../unit/helpers/remoteFixtures';
import { ensureCliBuilt } from '../unit/helpers/cliHarness';
import { agentSessionEnv } from './sessionEnvironment';
import { cleanUpSuite } from './suiteCleanup';
import type { AgentProgram } from './agentPrograms';
import { agentProgram, pinnedVersion } from './agentPrograms';
import { CheckpointsCli } from './checkpointsCli';
import type { AgentDriver, SessionContext } from './contractSuite';
import type { ModelServer } from './modelServer/http';
import { startModelServer } from './modelServer/http';
import { ScriptedModel, promptMarker } from './modelServer/script';
import type { ProgramRun } from './runProgram';
import { describeRun, runProgram } from './runProgram';

const PROMPT_DEADLINE_MS = 240_000;
/** The push starts when the session ends and runs in its own process: it is waited for this long. */
const PUSH_DEADLINE_MS = 180_000;
const PROMPT = `Write the file to push ${promptMarker(1)}`;
const FILE = 'pushed.txt';
const CONTENT = "written in the session pushed at its end\n";

const LastPush = z.looseObject({ status: z.string(), plan_id: z.string().nullable(), message: z.string(), at: z.string() });
const Status = z.object({ remote_settings: z.looseObject({ push_at_session_end: z.string().optional(), last_session_end_push: LastPush.optional() }) });

/** Polls `probe` every half second until it answers, or throws after `ms` with what `context` says. */
async function until<T>(what: string, probe: () => T | undefined, ms: number, context: () => string): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`gave up waiting for ${what} after ${ms} ms\n${context()}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * `endEvent`: the agent's event that ends the session, as `agents hook install` configured it and
 * as hooks.log names it (`SessionEnd`, OpenCode's plugin `dispose`, Cline's CLI `agent_end`).
 */
export function describeSessionEndPush(driver: AgentDriver, mode: 'on' | 'off', endEvent: string): void {
  const pin = pinnedVersion(driver.agent);
  describe(`${driver.title} ${pin.version} (${pin.package}), resident process ${mode}: the push at a session's end (${endEvent})`, function () {
    this.timeout(PROMPT_DEADLINE_MS + 2 * PUSH_DEADLINE_MS + 120_000);
    let program: AgentProgram;
    let ctx: SessionContext;
    let server: ModelServer | undefined;
    let cli: CheckpointsCli;
    let env: NodeJS.ProcessEnv;
    let bare: string;
    let userRefs: Record<string, string>;
    const runs: ProgramRun[] = [];
    let dirs: string[] = [];
    const ours = (refs: Record<string, string>): string[] => Object.keys(refs).filter((r) => r.startsWith('refs/cleveragents/'));
    const theirs = (refs: Record<string, string>): Record<string, string> => Object.fromEntries(Object.entries(refs).filter(([r]) => !r.startsWith('refs/cleveragents/')));
    const hooksLog = (): string => {
      try {
        return readFileSync(path.join(ctx.workspace, '.cleveragents', 'logs', 'hooks.log'), 'utf8');
      } catch {
        return '(no hooks.log)';
      }
    };
    const context = (): string => `hooks.log:\n${hooksLog()}\nmodel server requests:\n${server?.describe() ?? '(none)'}\n${runs.map((r) => describeRun(r)).join('\n')}`;
    const status = () => Status.parse(cli.json('remote', 'status')).remote_settings;

    before(async function () {
      ensureCliBuilt();
      program = agentProgram(driver.agent);
      const top = realpathSync(mkdtempSync(path.join(os.tmpdir(), `agents-session-end-${driver.agent}-`)));
      const home = realpathSync(mkdtempSync(path.join(os.tmpdir(), `agents-session-end-home-${driver.agent}-`)));
      dirs = [top, home];
      bare = userRemote(top);
      userRefs = refsOf(bare);
      const workspace = path.join(top, 'work');
      gitIn(top, 'clone', '--quiet', `file://${bare}`, workspace);
      const script = { marker: promptMarker(1), calls: driver.tools.write(`${workspace}/${FILE}`, CONTENT), reply: 'The file is written.' };
      server = await startModelServer(new ScriptedModel([script]), driver.adapters);
      ctx = { workspace, home, serverUrl: server.url };
      // the push's git: none of this machine's configuration
      env = agentSessionEnv(home, mode, { GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', ...driver.env(ctx) });
      driver.prepare(ctx, program, env);
      cli = new CheckpointsCli(workspace, env);
      assert.equal(Status.parse(cli.json('remote', 'enable', '--push-at-session-end', 'origin')).remote_settings.push_at_session_end, 'origin');
      cli.hookInstall(driver.hookAgent);
      if (driver.runSession) {
        runs.push(...(await driver.runSession({ program, ctx, env, prompts: [PROMPT], between: () => undefined, deadlineMs: PROMPT_DEADLINE_MS })));
      } else {
        runs.push(await runProgram(program.command, driver.promptArgs(PROMPT, 1, ctx), { cwd: workspace, env, timeoutMs: PROMPT_DEADLINE_MS }));
      }
    });

    after(() => cleanUpSuite('agents session-end suite', cli, server, dirs));

    it("pushes the session's plan to the remote when the session ends; a second clone fetches it with the same checkpoints; the user's branches and tags are untouched", async () => {
      const plans = cli.plans();
      assert.equal(plans.length, 1, `one session, one plan: ${JSON.stringify(plans)}\n${context()}`);
      const planId = plans[0]!.plan_id;
      const ref = `refs/cleveragents/v1/plans/${planId}`;
      const last = await until('the outcome of the push at the session\'s end', () => {
        const l = status().last_session_end_push;
        return l !== undefined && l.plan_id === planId ? l : undefined;
      }, PUSH_DEADLINE_MS, context);
      assert.ok(['pushed', 'up_to_date'].includes(last.status), `the push: ${last.status}: ${last.message}\n${context()}`);
      // started once, by the event that ends the session, and by no event of a turn
      const started = hooksLog().split('\n').filter((line) => line.includes('session end: pushing plan'));
      assert.equal(started.length, 1, `one push for one session:\n${context()}`);
      assert.ok(started[0]!.includes(` ${endEvent}: session end: pushing plan ${planId} `), `the push was started by ${endEvent}:\n${context()}`);
      assert.ok(refsOf(bare)[ref], `${ref} on the remote\n${context()}`);
      assert.deepEqual(ours(refsOf(bare)).filter((r) => r.includes('/plans/')), [ref], 'only the session\'s plan');
      assert.deepEqual(theirs(refsOf(bare)), theirs(userRefs), "the user's branches and tags are as they were");

      const checkpoints = cli.checkpoints(planId).map((c) => c.checkpoint_id);
      assert.ok(checkpoints.length > 0, `the session's plan has checkpoints\n${context()}`);
      const other = path.join(dirs[0]!, 'other');
      gitIn(dirs[0]!, 'clone', '--quiet', `file://${bare}`, other);
      const b = new CheckpointsCli(other, { ...env, CLEVERAGENTS_NO_DAEMON: '1' });
      b.json('remote', 'fetch', 'origin');
      // a push still under way (a second session end of the same session) adds only later checkpoints
      assert.deepEqual(b.checkpoints(planId).map((c) => c.checkpoint_id).slice(0, checkpoints.length), checkpoints, "the fetched plan has the session's checkpoints");
      assert.deepEqual(theirs(refsOf(bare)), theirs(userRefs), "the user's branches and tags are as they were");
    });
  });
}

