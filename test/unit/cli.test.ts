import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { planJson, type CheckpointJson, type ErrorEnvelope, type PlanJson, type RollbackEnvelope } from '../../src/envelopes/envelopes';
import type { CreatePlanInput } from '../../src/core/planService';
import { CLI_PATH, REPO_ROOT, ensureCliBuilt, hasScript, runCli, runCliOnTerminal, type CliRun } from './helpers/cliHarness';
import { hashTree, services, write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';
import { shortIdOf } from './helpers/shortIdOf';

const MADE_UP_ID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
const DB = path.join('.cleveragents', 'cleveragents.db');

/** The files of a workspace (but `.cleveragents/`) and the database's bytes: what "changes nothing" keeps. */
function state(root: string): { tree: Record<string, string>; db: string | null } {
  const dbPath = path.join(root, DB);
  return { tree: hashTree(root), db: existsSync(dbPath) ? readFileSync(dbPath).toString('base64') : null };
}

function expectError(run: CliRun, type: string, exitCode: number, message?: RegExp | string): ErrorEnvelope['error'] {
  assert.equal(run.code, exitCode, `exit code of ${type}; stdout: ${run.stdout} stderr: ${run.stderr}`);
  const doc = run.json<ErrorEnvelope>();
  assert.deepEqual(Object.keys(doc), ['error']);
  assert.equal(doc.error.type, type, run.stdout);
  if (typeof message === 'string') assert.equal(doc.error.message, message);
  else if (message) assert.match(doc.error.message, message);
  assert.ok(!/\n\s+at /.test(run.stdout + run.stderr), 'no stack trace without --debug');
  return doc.error;
}

function expectOk(run: CliRun): void {
  assert.equal(run.code, 0, `stdout: ${run.stdout}\nstderr: ${run.stderr}`);
  assert.equal(run.stderr, '', 'nothing on stderr');
}


/**
 * A checkpoint's metadata without the token of the call that took it: the resident process's
 * client records one in `extra` (src/daemonClient/callCheckpointId.ts), a CLI run without it does not.
 */
function withoutCallToken(metadata: CheckpointJson['metadata']): CheckpointJson['metadata'] {
  const { checkpoint_call: token, ...extra } = metadata.extra;
  assert.ok(token === undefined || /^[0-9A-HJKMNP-TV-Z]{26}$/.test(token), `a call token, not ${token}`);
  return { ...metadata, extra };
}
describe('agents CLI (the built dist/cli.js, as a child process)', function () {
  this.timeout(120_000);
  const tempDir = useTempDirs('ca-cli-');

  before(function () {
    this.timeout(180_000);
    ensureCliBuilt();
  });

  /** A workspace with a few files, no database yet. */
  function workspace(): string {
    const root = tempDir();
    write(root, 'src/app.ts', 'export const a = 1;\n');
    write(root, 'README.md', '# demo\n');
    return root;
  }

  const json = (root: string, ...args: string[]): CliRun => runCli(root, ['--format', 'json', ...args]);

  function createPlan(root: string, ...args: string[]): PlanJson {
    const run = json(root, 'plan', 'create', '--title', 'demo', ...args);
    expectOk(run);
    return run.json<{ plan: PlanJson }>().plan;
  }

  function takeCheckpoint(root: string, planId: string, ...args: string[]): { checkpoint: CheckpointJson; pruned: string[] } {
    const run = json(root, 'plan', 'checkpoint', planId, ...args);
    expectOk(run);
    return run.json();
  }

  // Setup that is not what a test is about goes through the services in this process: spawning the
  // CLI for it would only make the suite slower. What the test checks always runs the built CLI.
  async function seedPlan(root: string, input: CreatePlanInput = { title: 'demo' }): Promise<PlanJson> {
    const s = services(root);
    try {
      return planJson(await s.plans.createPlan(input));
    } finally {
      s.dispose();
    }
  }

  async function seedCheckpoint(root: string, planId: string): Promise<string> {
    const s = services(root);
    try {
      return (await s.checkpoints.createCheckpoint(planId, { reason: 'seed' })).checkpoint.checkpoint_id;
    } finally {
      s.dispose();
    }
  }

  describe('global options', () => {
    it('--version prints the version of package.json, as text and as JSON', () => {
      const { version } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
      const root = tempDir();
      const text = runCli(root, ['--version']);
      expectOk(text);
      assert.equal(text.stdout, `${version}\n`);
      assert.deepEqual(json(root, '--version').json(), { version });
      assert.deepEqual(readdirSync(root), []);
    });

    it('--help prints the usage of every command; a command --help prints its own', () => {
      const root = tempDir();
      const help = runCli(root, ['--help']);
      expectOk(help);
      for (const c of ['create', 'list', 'show', 'checkpoint', 'checkpoints', 'diff', 'rollback', 'apply', 'cleanup', 'policy', 'recover', 'start', 'complete', 'fail', 'cancel', 'delete']) {
        assert.match(help.stdout, new RegExp(`agents plan ${c}\\b`), c);
      }
      assert.match(help.stdout, /--workspace DIR/);
      assert.match(help.stdout, /Exit codes: 0 success; 1 .*; 2 /);
      const rollback = runCli(root, ['plan', 'rollback', '--help']);
      expectOk(rollback);
      assert.match(rollback.stdout, /^Usage: agents plan rollback \[--yes\|-y\] \[--preview\] \[--agent-only \[--scope S \| --path P \[--hunk N\]\]\n\s+\[--conflicts refuse\|markers\]\] \[--all\]\n\s+<plan_id> <checkpoint_id>/);
      assert.match(rollback.stdout, /safety checkpoint/);
      expectOk(runCli(root, ['plan', '-h']));
      assert.equal(runCli(root, ['plan', 'checkpoint', '-h']).stdout.split('\n')[0], 'Usage: agents plan checkpoint <plan_id> [--type manual|pre_write|post_step] [--reason TEXT]');
      assert.deepEqual(readdirSync(root), []);
    });

    it('--workspace points at another folder, relative to the current one', () => {
      const parent = tempDir();
      mkdirSync(path.join(parent, 'ws'));
      const plan = createPlan(parent, '--workspace', 'ws');
      assert.ok(existsSync(path.join(parent, 'ws', DB)));
      assert.ok(!existsSync(path.join(parent, '.cleveragents')));
      assert.deepEqual(json(path.join(parent, 'ws'), 'plan', 'list').json<{ plans: PlanJson[] }>().plans.map((p) => p.plan_id), [plan.plan_id]);
    });
  });

  describe('usage errors: UsageError, exit 2, nothing created', () => {
    const cases: [string, string[], RegExp][] = [
      ['no command', [], /missing command/],
      ['unknown command', ['deploy'], /unknown command "deploy"/],
      ['unknown plan command', ['plan', 'frobnicate'], /unknown command "plan frobnicate"; one of: create, list/],
      ['unknown option', ['plan', 'list', '--frob'], /unknown option --frob/],
      ['an option of another command', ['plan', 'list', '--title', 'x'], /unknown option --title for "plan list"/],
      ['--yes where nothing is confirmed', ['plan', 'show', MADE_UP_ID, '--yes'], /unknown option --yes for "plan show"/],
      ['missing plan id', ['plan', 'show'], /"plan show" needs <plan_id>/],
      ['missing checkpoint id', ['plan', 'rollback', '-y', MADE_UP_ID], /"plan rollback" needs <checkpoint_id>/],
      ['missing --title', ['plan', 'create'], /needs --title TEXT/],
      ['an option without its value', ['plan', 'create', '--title'], /--title/],
      ['one argument too many', ['plan', 'diff', MADE_UP_ID, MADE_UP_ID, MADE_UP_ID, MADE_UP_ID], /unexpected argument/],
      ['--sandbox with --isolated', ['plan', 'create', '--title', 't', '--sandbox', 'src', '--isolated'], /either --sandbox PATH or --isolated/],
      ['--extra without =', ['plan', 'checkpoint', MADE_UP_ID, '--extra', 'novalue'], /--extra expects KEY=VALUE/],
      ['an option given twice', ['plan', 'create', '--title', 'a', '--title', 'b'], /--title is given more than once/],
    ];
    for (const [name, args, message] of cases) {
      it(name, () => {
        const root = tempDir();
        expectError(json(root, ...args), 'UsageError', 2, message);
        const text = runCli(root, args);
        assert.equal(text.code, 2);
        assert.equal(text.stdout, '', 'text mode: nothing on stdout');
        assert.match(text.stderr, message);
        assert.match(text.stderr, /--help" for/);
        assert.deepEqual(readdirSync(root), []);
      });
    }

    it('an unknown --format is a usage error, reported as text', () => {
      const root = tempDir();
      const run = runCli(root, ['--format', 'yaml', 'plan', 'list']);
      assert.equal(run.code, 2);
      assert.match(run.stderr, /--format must be text or json, not "yaml"/);
    });
  });

  describe('workspaces that are not ready', () => {
    it('with no database yet: reads are empty or NotFound and create nothing; the first write creates the database', () => {
      const root = workspace();
      const before = readdirSync(root).sort();
      expectOk(json(root, 'plan', 'list'));
      assert.deepEqual(json(root, 'plan', 'list').json(), { plans: [] });
      assert.match(runCli(root, ['plan', 'list']).stdout, /^No plans yet/);
      expectError(json(root, 'plan', 'show', MADE_UP_ID), 'NotFound', 1, `Not found: plan ${MADE_UP_ID}`);
      expectError(json(root, 'plan', 'checkpoints', MADE_UP_ID), 'NotFound', 1, `Not found: plan ${MADE_UP_ID}`);
      expectError(json(root, 'plan', 'diff', MADE_UP_ID, MADE_UP_ID), 'NotFound', 1, `Not found: checkpoint ${MADE_UP_ID}`);
      expectError(json(root, 'plan', 'rollback', '-y', MADE_UP_ID, MADE_UP_ID), 'NotFound', 1, `Not found: checkpoint ${MADE_UP_ID}`);
      assert.deepEqual(readdirSync(root).sort(), before, 'no .cleveragents folder');

      createPlan(root);
      assert.ok(existsSync(path.join(root, DB)));
      assert.equal(readFileSync(path.join(root, '.cleveragents', '.gitignore'), 'utf8'), '*\n');
    });

    it('a missing workspace folder is NotFound (exit 1) and is not created', () => {
      const parent = tempDir();
      const missing = path.join(parent, 'nope');
      for (const args of [['plan', 'list'], ['plan', 'create', '--title', 't']]) {
        const err = expectError(json(parent, '--workspace', missing, ...args), 'NotFound', 1);
        assert.equal(err.message, `Not found: workspace folder ${missing}`);
        const text = runCli(parent, ['--workspace', missing, ...args]);
        assert.equal(text.code, 1);
        assert.equal(text.stderr, `agents: Not found: workspace folder ${missing}\n`);
      }
      assert.deepEqual(readdirSync(parent), []);
      writeFileSync(path.join(parent, 'file'), 'x');
      expectError(json(parent, '--workspace', 'file', 'plan', 'list'), 'ValidationError', 1, /is not a folder/);
    });

    it('a corrupt database is a StoreError naming the file, for reads and writes, and stays byte for byte', () => {
      const root = workspace();
      const dbPath = path.join(root, DB);
      mkdirSync(path.dirname(dbPath));
      const garbage = Buffer.from('this is not SQLite, just some bytes that were here\n'.repeat(50));
      writeFileSync(dbPath, garbage);
      const tree = hashTree(root);
      for (const args of [['plan', 'list'], ['plan', 'show', MADE_UP_ID], ['plan', 'create', '--title', 't'], ['plan', 'rollback', '-y', MADE_UP_ID, MADE_UP_ID]]) {
        const err = expectError(json(root, ...args), 'StoreError', 1);
        assert.ok(err.message.includes(dbPath), err.message);
        assert.match(err.message, /not an SQLite database/);
      }
      assert.match(runCli(root, ['plan', 'list']).stderr, /^agents: The file .*cleveragents\.db is not an SQLite database/);
      // --debug (or AGENTS_DEBUG=1) adds the stack on stderr; stdout stays one document.
      const debug = runCli(root, ['--debug', '--format', 'json', 'plan', 'list']);
      assert.equal(debug.json<ErrorEnvelope>().error.type, 'StoreError');
      // The JSON type stays the reference's StoreError; the stack names the subclass that tells an unreadable file apart.
      assert.match(debug.stderr, /^UnreadableDatabaseError: The file .*\n\s+at /);
      assert.match(runCli(root, ['plan', 'list'], { env: { AGENTS_DEBUG: '1' } }).stderr, /\n\s+at /);
      assert.ok(readFileSync(dbPath).equals(garbage), 'database untouched');
      assert.deepEqual(hashTree(root), tree);
    });
  });

  describe('values that do not fit: ValidationError, exit 1, nothing changed', () => {
    it('malformed ULIDs in every argument position', async () => {
      const root = workspace();
      const plan = await seedPlan(root);
      const checkpoint = { checkpoint_id: await seedCheckpoint(root, plan.plan_id) };
      const before = state(root);
      const ulid = /must be a ULID \(26 characters of Crockford base32\)/;
      expectError(json(root, 'plan', 'show', 'not-a-ulid'), 'ValidationError', 1, /^Validation Error: plan id "not-a-ulid" must be a ULID/);
      expectError(json(root, 'plan', 'checkpoints', `${plan.plan_id}X`), 'ValidationError', 1, ulid);
      expectError(json(root, 'plan', 'rollback', '-y', plan.plan_id, 'abc'), 'ValidationError', 1, /^Validation Error: checkpoint id "abc"/);
      expectError(json(root, 'plan', 'diff', plan.plan_id, checkpoint.checkpoint_id, 'ILOU'), 'ValidationError', 1, ulid);
      expectError(json(root, 'plan', 'apply', '-y', '0'), 'ValidationError', 1, ulid);
      expectError(json(root, 'plan', 'cleanup', '-y', '0'), 'ValidationError', 1, ulid);
      expectError(json(root, 'plan', 'checkpoint', plan.plan_id, '--decision', 'd-1'), 'ValidationError', 1, /^Validation Error: --decision "d-1" must be a ULID/);
      expectError(json(root, 'plan', 'checkpoint', plan.plan_id, '--resource', 'r'), 'ValidationError', 1, /--resource/);
      expectError(json(root, 'plan', 'checkpoint', plan.plan_id, '--type', 'sometimes'), 'ValidationError', 1, /--type "sometimes"/);
      const text = runCli(root, ['plan', 'show', 'xyz']);
      assert.equal(text.code, 1);
      assert.equal(text.stdout, '');
      assert.match(text.stderr, /^agents: Validation Error: plan id "xyz" must be a ULID/);
      assert.deepEqual(state(root), before);
    });

    it('ids may be shortened to a unique prefix of 4 or more characters, in either case, as git takes short hashes', async () => {
      const root = workspace();
      const first = await seedPlan(root, { title: 'first plan' });
      const second = await seedPlan(root, { title: 'second plan' });
      // ULIDs made in the same second share their first 8 characters: the 4-character prefix is ambiguous.
      const shared = first.plan_id.slice(0, 4);
      assert.equal(second.plan_id.slice(0, 4), shared);
      const unique = (id: string, other: string): string => {
        let n = 4;
        while (other.startsWith(id.slice(0, n))) n++;
        return id.slice(0, n);
      };
      const before = state(root);
      const ambiguous = expectError(json(root, 'plan', 'show', shared), 'ValidationError', 1, /^Validation Error: plan id "[0-9A-Z]{4}" is ambiguous: it fits 2 plans/);
      assert.ok(ambiguous.message.includes('  first plan') && ambiguous.message.includes('  second plan'), ambiguous.message);
      expectError(json(root, 'plan', 'show', 'ZZZZZZZZ'), 'NotFound', 1, 'Not found: plan ZZZZZZZZ');
      assert.deepEqual(state(root), before, 'a refused prefix changes nothing');

      const shown = json(root, 'plan', 'show', unique(second.plan_id, first.plan_id).toLowerCase());
      expectOk(shown);
      assert.equal(shown.json<{ plan: PlanJson }>().plan.plan_id, second.plan_id);
      const whole = json(root, 'plan', 'show', first.plan_id.toLowerCase());
      expectOk(whole);
      assert.equal(whole.json<{ plan: PlanJson }>().plan.plan_id, first.plan_id);

      // A checkpoint's prefix is looked up among its plan's checkpoints only.
      const checkpointId = await seedCheckpoint(root, second.plan_id);
      write(root, 'src/app.ts', 'export const a = 2;\n');
      const rolledBack = json(root, 'plan', 'rollback', '--yes', second.plan_id.slice(0, 12), checkpointId.slice(0, 12));
      expectOk(rolledBack);
      assert.equal(rolledBack.json<RollbackEnvelope>().rollback_summary.from_checkpoint_id, checkpointId);
      assert.equal(readFileSync(path.join(root, 'src/app.ts'), 'utf8'), 'export const a = 1;\n');
      expectError(json(root, 'plan', 'rollback', '--yes', first.plan_id, checkpointId.slice(0, 12)), 'NotFound', 1, `Not found: checkpoint ${checkpointId.slice(0, 12)}`);
    });

    it('--max-checkpoints 0, 101, 1.5 and words; --auto-prune maybe', async () => {
      const root = workspace();
      const plan = await seedPlan(root);
      const before = state(root);
      for (const bad of ['0', '101', '-3']) {
        expectError(json(root, 'plan', 'policy', plan.plan_id, `--max-checkpoints=${bad}`), 'ValidationError', 1, `Validation Error: --max-checkpoints "${bad}": max_checkpoints must be between 1 and 100`);
      }
      for (const bad of ['1.5', 'ten', '']) {
        expectError(json(root, 'plan', 'policy', plan.plan_id, '--max-checkpoints', bad), 'ValidationError', 1, /must be a whole number/);
      }
      expectError(json(root, 'plan', 'policy', plan.plan_id, '--auto-prune', 'maybe'), 'ValidationError', 1, /--auto-prune "maybe": must be true or false/);
      // A bad value is refused before the database is consulted.
      expectError(json(root, 'plan', 'policy', MADE_UP_ID, '--max-checkpoints', '0'), 'ValidationError', 1);
      assert.deepEqual(state(root), before);
      assert.deepEqual(json(root, 'plan', 'policy', plan.plan_id).json(), { policy: { plan_id: plan.plan_id, max_checkpoints: 50, auto_prune: true } });
    });

    it('a sandbox that leaves the workspace, or does not exist', () => {
      const root = workspace();
      expectError(json(root, 'plan', 'create', '--title', 't', '--sandbox', '../elsewhere'), 'ValidationError', 1, /leaves the workspace/);
      expectError(json(root, 'plan', 'create', '--title', 't', '--sandbox', 'missing'), 'ValidationError', 1, /"missing" does not exist/);
      expectError(json(root, 'plan', 'create', '--title', '   '), 'ValidationError', 1, /title must not be empty/);
      assert.deepEqual(json(root, 'plan', 'list').json(), { plans: [] });
    });
  });

  describe('plans and checkpoints', () => {
    it('create, list and show a plan, as JSON and as text', async () => {
      const root = workspace();
      const plan = createPlan(root, '--sandbox', './src/');
      assert.deepEqual(Object.keys(plan), ['plan_id', 'title', 'state', 'sandbox_path', 'sandbox_kind', 'base_ref', 'retention', 'created_at', 'updated_at']);
      assert.match(plan.plan_id, /^[0-9A-HJKMNP-TV-Z]{26}$/);
      assert.equal(plan.title, 'demo');
      assert.equal(plan.state, 'draft');
      assert.equal(plan.sandbox_path, 'src');
      assert.equal(plan.sandbox_kind, 'in_place');
      assert.deepEqual(plan.retention, { max_checkpoints: 50, auto_prune: true });
      const text = runCli(root, ['plan', 'create', '--title', 'Second plan']);
      expectOk(text);
      // A person reads the id's short form (core/shortIds): its last characters.
      assert.match(text.stdout, /^Created plan [0-9A-Z]{4,16} "Second plan"\n  state: +draft\n  sandbox: +\. \(in place\)/);

      const list = json(root, 'plan', 'list').json<{ plans: PlanJson[] }>();
      assert.deepEqual(list.plans.map((p) => p.title), ['demo', 'Second plan']);
      assert.deepEqual(list.plans[0], plan);
      const table = runCli(root, ['plan', 'list']).stdout.split('\n');
      assert.match(table[0]!, /^PLAN ID +STATE +SANDBOX +CREATED +TITLE$/);
      assert.match(table[1]!, new RegExp(`^${(await shortIdOf(root, plan.plan_id))[0]} +draft +src +\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d +demo$`));

      assert.deepEqual(json(root, 'plan', 'show', plan.plan_id).json(), {
        plan,
        interrupted_operation: null,
        operation_in_progress: null,
        state_history: [{ from_state: null, to_state: 'draft', changed_at: plan.created_at }],
      });
      const show = runCli(root, ['plan', 'show', plan.plan_id]).stdout;
      assert.match(show, /retention: +keep at most 50 checkpoints, auto-prune on/);
      assert.match(show, /checkpoints: 0\n/);
    });

    it('checkpoint with every metadata option, repeated --extra, then list them oldest first', async () => {
      const root = workspace();
      const plan = createPlan(root);
      const decision = '01HZZZZZZZZZZZZZZZZZZZZZZZ';
      const resource = '01J00000000000000000000000';
      const first = takeCheckpoint(root, plan.plan_id, '--type', 'pre_write', '--reason', 'before the edit', '--source-tool', 'write_file', '--phase', 'execute',
        '--decision', decision, '--resource', resource, '--extra', 'attempt=1', '--extra', 'url=https://x/?a=b');
      assert.deepEqual(first.pruned, []);
      const c = first.checkpoint;
      assert.deepEqual(Object.keys(c), ['checkpoint_id', 'plan_id', 'sandbox_ref', 'decision_id', 'checkpoint_type', 'resource_id', 'filesystem_path', 'size_bytes', 'created_at', 'metadata']);
      assert.equal(c.plan_id, plan.plan_id);
      assert.match(c.sandbox_ref, /^[0-9a-f]{40}$/);
      assert.equal(c.checkpoint_type, 'pre_write');
      assert.equal(c.decision_id, decision);
      assert.equal(c.resource_id, resource);
      assert.ok(existsSync(path.join(root, '.cleveragents', 'checkpoints', c.filesystem_path)), c.filesystem_path);
      assert.equal(c.size_bytes, 'export const a = 1;\n'.length + '# demo\n'.length);
      assert.match(c.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      assert.deepEqual(withoutCallToken(c.metadata), {
        reason: 'before the edit',
        source_tool: 'write_file',
        phase: 'execute',
        extra: { attempt: '1', url: 'https://x/?a=b' },
        file_count: 2,
        skipped: [],
      });

      write(root, 'src/app.ts', 'export const a = 2;\n');
      const text = runCli(root, ['plan', 'checkpoint', plan.plan_id, '--type', 'post_step']);
      expectOk(text);
      assert.match(text.stdout, new RegExp(`^Checkpoint [0-9A-Z]{4,16} \\(post_step\\) of plan ${(await shortIdOf(root, plan.plan_id))[0]}: 2 files, 27 B\n$`));
      const third = takeCheckpoint(root, plan.plan_id).checkpoint;
      assert.equal(third.checkpoint_type, 'manual', '--type defaults to manual');
      assert.deepEqual(withoutCallToken(third.metadata), { reason: null, source_tool: null, phase: null, extra: {}, file_count: 2, skipped: [] });

      const listed = json(root, 'plan', 'checkpoints', plan.plan_id).json<{ plan_id: string; checkpoints: CheckpointJson[] }>();
      assert.deepEqual(Object.keys(listed), ['plan_id', 'checkpoints']);
      assert.equal(listed.plan_id, plan.plan_id);
      assert.deepEqual(listed.checkpoints.map((x) => x.checkpoint_type), ['pre_write', 'post_step', 'manual']);
      assert.deepEqual(listed.checkpoints[0], c);
      const table = runCli(root, ['plan', 'checkpoints', plan.plan_id]).stdout.split('\n');
      assert.match(table[0]!, /^CHECKPOINT ID +TYPE +CREATED +FILES +SIZE +REASON$/);
      assert.match(table[1]!, new RegExp(`^${(await shortIdOf(root, c.checkpoint_id))[0]} +pre_write +\\S+ \\S+ +2 +27 B +before the edit$`));
    });

    it('retention: a lowered policy prunes the oldest interior checkpoints and reports their ids', async () => {
      const root = workspace();
      const plan = createPlan(root);
      assert.deepEqual(json(root, 'plan', 'policy', plan.plan_id, '--max-checkpoints', '2', '--auto-prune', 'true').json(), {
        policy: { plan_id: plan.plan_id, max_checkpoints: 2, auto_prune: true },
      });
      const ids = [];
      for (let i = 0; i < 4; i++) {
        write(root, 'src/app.ts', `export const a = ${i};\n`);
        const { checkpoint, pruned } = takeCheckpoint(root, plan.plan_id, '--reason', `step ${i}`);
        ids.push(checkpoint.checkpoint_id);
        assert.deepEqual(pruned, i < 2 ? [] : [ids[i - 1]]);
      }
      const kept = json(root, 'plan', 'checkpoints', plan.plan_id).json<{ checkpoints: CheckpointJson[] }>().checkpoints.map((c) => c.checkpoint_id);
      assert.deepEqual(kept, [ids[0], ids[3]]);
      const text = runCli(root, ['plan', 'policy', plan.plan_id, '--auto-prune', 'false']);
      expectOk(text);
      const [planShort] = await shortIdOf(root, plan.plan_id);
      assert.equal(text.stdout, `Retention policy of plan ${planShort} is now: keep at most 2 checkpoints, auto-prune off.\n`);
      assert.deepEqual(takeCheckpoint(root, plan.plan_id).pruned, []);
      assert.equal(json(root, 'plan', 'show', plan.plan_id).json<{ plan: PlanJson }>().plan.retention.auto_prune, false);
    });

    it('diff between two checkpoints, and from one to the sandbox now', async () => {
      const root = workspace();
      const plan = await seedPlan(root);
      const c1 = await seedCheckpoint(root, plan.plan_id);
      write(root, 'src/app.ts', 'export const a = 2;\n');
      write(root, 'src/new.ts', 'new\n');
      const c2 = await seedCheckpoint(root, plan.plan_id);
      unlinkSync(path.join(root, 'README.md'));
      assert.deepEqual(json(root, 'plan', 'diff', plan.plan_id, c1, c2).json(), {
        changes: [
          { path: 'src/app.ts', change: 'modified' },
          { path: 'src/new.ts', change: 'added' },
        ],
      });
      assert.deepEqual(json(root, 'plan', 'diff', plan.plan_id, c2).json(), { changes: [{ path: 'README.md', change: 'deleted' }] });
      assert.deepEqual(json(root, 'plan', 'diff', plan.plan_id, c2, c2).json(), { changes: [] });
      const text = runCli(root, ['plan', 'diff', plan.plan_id, c1]);
      expectOk(text);
      assert.equal(
        text.stdout,
        `3 paths differ from checkpoint ${(await shortIdOf(root, c1))[0]} to the sandbox now (1 added, 1 modified, 1 deleted):\n  deleted   README.md\n  modified  src/app.ts\n  added     src/new.ts\n`,
      );
    });
  });

  describe('rollback', () => {
    /** A plan with one checkpoint of the workspace as made, then changed in every way. */
    async function changedAfterCheckpoint(): Promise<{ root: string; plan: PlanJson; checkpointId: string; atCheckpoint: Record<string, string> }> {
      const root = workspace();
      const plan = await seedPlan(root);
      const checkpointId = await seedCheckpoint(root, plan.plan_id);
      const atCheckpoint = hashTree(root);
      write(root, 'src/app.ts', 'export const a = 666;\n');
      write(root, 'src/agent-made.ts', 'made by the agent\n');
      unlinkSync(path.join(root, 'README.md'));
      return { root, plan, checkpointId, atCheckpoint };
    }

    it('--yes restores the checkpoint and prints the spec envelope field for field; the undo checkpoint undoes it', async () => {
      const { root, plan, checkpointId, atCheckpoint } = await changedAfterCheckpoint();
      const changed = hashTree(root);
      const run = json(root, 'plan', 'rollback', '--yes', plan.plan_id, checkpointId);
      expectOk(run);
      const envelope = run.json<RollbackEnvelope>();
      assert.deepEqual(Object.keys(envelope), ['rollback_summary', 'changes_reverted', 'impact', 'post_rollback_state', 'timing', 'messages']);
      const undoId = envelope.post_rollback_state.undo_checkpoint_id;
      assert.match(undoId, /^[0-9A-HJKMNP-TV-Z]{26}$/);
      assert.ok(typeof envelope.timing.elapsed_seconds === 'number' && envelope.timing.elapsed_seconds >= 0 && envelope.timing.elapsed_seconds < 60);
      assert.deepEqual(envelope, {
        rollback_summary: { plan_id: plan.plan_id, from_checkpoint_id: checkpointId, restored_files_count: 3 },
        changes_reverted: ['README.md', 'src/agent-made.ts', 'src/app.ts'],
        impact: { files_affected: 3 },
        post_rollback_state: { active_checkpoint: checkpointId, plan_id: plan.plan_id, undo_checkpoint_id: undoId },
        timing: { elapsed_seconds: envelope.timing.elapsed_seconds },
        messages: ['Rollback completed successfully.'],
      });
      assert.deepEqual(hashTree(root), atCheckpoint);

      const list = json(root, 'plan', 'checkpoints', plan.plan_id).json<{ checkpoints: CheckpointJson[] }>().checkpoints;
      assert.deepEqual(list.map((c) => c.checkpoint_id), [checkpointId, undoId]);
      assert.equal(list[1]!.metadata.source_tool, 'rollback');

      const undo = runCli(root, ['plan', 'rollback', '-y', plan.plan_id, undoId]);
      expectOk(undo);
      const [planShort, undoShort] = await shortIdOf(root, plan.plan_id, undoId);
      assert.match(undo.stdout, new RegExp(`^Rolled back plan ${planShort} to checkpoint ${undoShort}: 3 paths restored in \\d+\\.\\d\\d s\\.\n`));
      assert.match(undo.stdout, /\n  added     src\/agent-made\.ts\n/);
      assert.match(undo.stdout, /\nUndo with: agents plan rollback [0-9A-Z]{4,16} [0-9A-Z]{4,16}\n$/);
      assert.deepEqual(hashTree(root), changed, 'the undo brought back the changed files');
    });

    it('without --yes and without a terminal: refused, nothing changed, no safety checkpoint', async () => {
      const { root, plan, checkpointId } = await changedAfterCheckpoint();
      const before = state(root);
      const started = Date.now();
      expectError(json(root, 'plan', 'rollback', plan.plan_id, checkpointId), 'ConfirmationRequired', 1, 'Rollback refused: confirmation needed; re-run with --yes');
      const text = runCli(root, ['plan', 'rollback', plan.plan_id, checkpointId], { input: 'y\n' });
      assert.equal(text.code, 1);
      assert.equal(text.stdout, '');
      assert.equal(text.stderr, 'agents: Rollback refused: confirmation needed; re-run with --yes\n', 'a piped "y" is not a confirmation');
      assert.ok(Date.now() - started < 20_000, 'did not wait for input');
      assert.deepEqual(state(root), before);
    });

    it('guards in the spec order and with its messages: unknown checkpoint, another plan\'s, applied plan, missing sandbox', async () => {
      const root = workspace();
      write(root, 'pkg/index.ts', 'x\n');
      const p1 = await seedPlan(root);
      const p2 = await seedPlan(root, { title: 'pkg', sandbox: 'pkg' });
      const c1 = await seedCheckpoint(root, p1.plan_id);
      const c2 = await seedCheckpoint(root, p2.plan_id);
      write(root, 'src/app.ts', 'changed\n');
      const before = state(root);

      expectError(json(root, 'plan', 'rollback', '-y', p1.plan_id, MADE_UP_ID), 'NotFound', 1, `Not found: checkpoint ${MADE_UP_ID}`);
      expectError(json(root, 'plan', 'rollback', '-y', p1.plan_id, c2), 'ValidationError', 1, `Validation Error: checkpoint ${c2} belongs to plan ${p2.plan_id}, not to plan ${p1.plan_id}`);
      expectError(json(root, 'plan', 'rollback', p1.plan_id, c2), 'ValidationError', 1, /belongs to plan/);
      expectError(json(root, 'plan', 'diff', p1.plan_id, c1, c2), 'ValidationError', 1, /belongs to plan/);
      assert.deepEqual(state(root), before);

      rmSync(path.join(root, 'pkg'), { recursive: true });
      expectError(json(root, 'plan', 'rollback', '-y', p2.plan_id, c2), 'BusinessRuleViolation', 1, 'Rollback blocked: sandbox is missing');
      expectError(json(root, 'plan', 'checkpoint', p2.plan_id), 'BusinessRuleViolation', 1, 'Checkpoint blocked: sandbox is missing');

      const applied = json(root, 'plan', 'apply', '--yes', p1.plan_id);
      expectOk(applied);
      assert.deepEqual(applied.json(), { plan: { ...p1, state: 'applied', updated_at: applied.json<{ plan: PlanJson }>().plan.updated_at }, changes: [] });
      const afterApply = state(root);
      expectError(json(root, 'plan', 'rollback', '-y', p1.plan_id, c1), 'BusinessRuleViolation', 1, 'Rollback blocked: plan is already applied');
      expectError(json(root, 'plan', 'rollback', p1.plan_id, c1), 'BusinessRuleViolation', 1, 'Rollback blocked: plan is already applied');
      expectError(json(root, 'plan', 'checkpoint', p1.plan_id), 'BusinessRuleViolation', 1, 'Checkpoint blocked: plan is already applied');
      expectError(json(root, 'plan', 'apply', '-y', p1.plan_id), 'BusinessRuleViolation', 1, 'Apply blocked: plan is already applied');
      const text = runCli(root, ['plan', 'rollback', '-y', p1.plan_id, c1]);
      assert.equal(text.code, 1);
      assert.equal(text.stderr, 'agents: Rollback blocked: plan is already applied\n');
      assert.deepEqual(state(root), afterApply);
      assert.equal(json(root, 'plan', 'checkpoints', p1.plan_id).json<{ checkpoints: unknown[] }>().checkpoints.length, 1);
    });
  });

  describe('isolated sandboxes: apply and cleanup', () => {
    it('apply --yes brings the sandbox\'s changes into the workspace; conflicts are refused with their list', async () => {
      const root = workspace();
      const plan = createPlan(root, '--isolated');
      assert.equal(plan.sandbox_kind, 'isolated');
      assert.equal(plan.sandbox_path, `.cleveragents/sandboxes/${plan.plan_id}`);
      const sandbox = path.join(root, plan.sandbox_path);
      assert.deepEqual(hashTree(sandbox), hashTree(root));
      write(sandbox, 'src/app.ts', 'from the sandbox\n');
      write(sandbox, 'docs/new.md', 'new\n');

      const refused = state(root);
      expectError(json(root, 'plan', 'apply', plan.plan_id), 'ConfirmationRequired', 1, 'Apply refused: confirmation needed; re-run with --yes');
      assert.deepEqual(state(root), refused);

      const conflicting = await seedPlan(root, { title: 'conflicting', isolated: true });
      write(path.join(root, conflicting.sandbox_path), 'README.md', 'sandbox edit\n');
      write(root, 'README.md', 'workspace edit\n');
      const beforeConflict = state(root);
      for (const args of [['plan', 'apply', '-y', conflicting.plan_id], ['plan', 'apply', conflicting.plan_id]]) {
        const err = expectError(json(root, ...args), 'ApplyConflict', 1, /^Apply blocked: 1 file changed in both the workspace and the sandbox: README\.md$/);
        assert.deepEqual(err.conflicts, ['README.md']);
      }
      assert.deepEqual(state(root), beforeConflict);

      const run = json(root, 'plan', 'apply', '-y', plan.plan_id);
      expectOk(run);
      const out = run.json<{ plan: PlanJson; changes: unknown[] }>();
      assert.equal(out.plan.state, 'applied');
      assert.deepEqual(out.changes, [
        { path: 'docs/new.md', change: 'added' },
        { path: 'src/app.ts', change: 'modified' },
      ]);
      assert.equal(readFileSync(path.join(root, 'src/app.ts'), 'utf8'), 'from the sandbox\n');
      assert.equal(readFileSync(path.join(root, 'docs/new.md'), 'utf8'), 'new\n');
    });

    it('cleanup removes the sandbox only when confirmed; rollback is refused afterwards; in-place plans have none', async () => {
      const root = workspace();
      const plan = await seedPlan(root, { title: 'iso', isolated: true });
      const checkpointId = await seedCheckpoint(root, plan.plan_id);
      const sandbox = path.join(root, plan.sandbox_path);

      const before = hashTree(sandbox);
      expectError(json(root, 'plan', 'cleanup', plan.plan_id), 'ConfirmationRequired', 1, 'Cleanup refused: confirmation needed; re-run with --yes');
      assert.deepEqual(hashTree(sandbox), before);

      const run = json(root, 'plan', 'cleanup', '--yes', plan.plan_id);
      expectOk(run);
      const out = run.json<{ plan: PlanJson; removed_sandbox: string }>();
      assert.deepEqual(Object.keys(out), ['plan', 'removed_sandbox']);
      assert.equal(out.removed_sandbox, plan.sandbox_path);
      assert.ok(!existsSync(sandbox));
      expectError(json(root, 'plan', 'rollback', '-y', plan.plan_id, checkpointId), 'BusinessRuleViolation', 1, 'Rollback blocked: sandbox is missing');
      expectError(json(root, 'plan', 'apply', '-y', plan.plan_id), 'BusinessRuleViolation', 1, 'Apply blocked: sandbox is missing');
      assert.equal(json(root, 'plan', 'checkpoints', plan.plan_id).json<{ checkpoints: unknown[] }>().checkpoints.length, 1, 'checkpoints stay');

      const inPlace = await seedPlan(root);
      const tree = state(root);
      expectError(json(root, 'plan', 'cleanup', '-y', inPlace.plan_id), 'ValidationError', 1, /works in place .* no isolated sandbox to remove/);
      expectError(json(root, 'plan', 'cleanup', inPlace.plan_id), 'ValidationError', 1, /no isolated sandbox/);
      assert.deepEqual(state(root), tree);
    });
  });

  describe('on a real terminal (script(1) gives the CLI a pseudo-terminal)', function () {
    before(function () {
      if (!hasScript()) this.skip();
    });

    it('rollback shows each path with what happens to it and asks y/N; "n" (or just Enter) changes nothing, "y" rolls back', async () => {
      const root = workspace();
      const plan = await seedPlan(root);
      const checkpointId = await seedCheckpoint(root, plan.plan_id);
      const atCheckpoint = hashTree(root);
      write(root, 'src/app.ts', 'changed\n');
      write(root, 'extra.txt', 'made later\n');
      unlinkSync(path.join(root, 'README.md'));
      const before = state(root);

      const [planShort, checkpointShort] = await shortIdOf(root, plan.plan_id, checkpointId);
      for (const answer of ['n\n', '\n']) {
        const no = runCliOnTerminal(root, ['plan', 'rollback', plan.plan_id, checkpointId], answer);
        assert.equal(no.code, 1, no.stdout);
        assert.match(
          no.stdout,
          new RegExp(
            `Rolling back plan ${planShort} to checkpoint ${checkpointShort} changes these paths of the sandbox:\n  added     README\\.md\n  deleted   extra\\.txt\n  modified  src/app\\.ts\nIn all: 3 paths \\(1 added, 1 modified, 1 deleted\\)\\.\n`,
          ),
        );
        assert.match(no.stdout, /Roll back\? \[y\/N\] /);
        assert.match(no.stdout, /agents: Rollback cancelled: not confirmed; nothing was changed\.\n/);
        assert.deepEqual(state(root), before);
      }

      const yes = runCliOnTerminal(root, ['--format', 'json', 'plan', 'rollback', plan.plan_id, checkpointId], 'y\n');
      assert.equal(yes.code, 0, yes.stdout);
      const envelope = JSON.parse(yes.stdout.slice(yes.stdout.indexOf('\n{') + 1)) as RollbackEnvelope;
      assert.deepEqual(envelope.changes_reverted, ['README.md', 'extra.txt', 'src/app.ts']);
      assert.deepEqual(hashTree(root), atCheckpoint);
    });

    it('with stderr not on the terminal nobody would see the question: refused as without a terminal', async () => {
      const root = workspace();
      const plan = await seedPlan(root);
      const checkpointId = await seedCheckpoint(root, plan.plan_id);
      write(root, 'src/app.ts', 'changed\n');
      const errFile = path.join(tempDir(), 'stderr.txt');
      const before = state(root);
      const run = runCliOnTerminal(root, ['plan', 'rollback', plan.plan_id, checkpointId], 'y\n', { stderrTo: errFile });
      assert.equal(run.code, 1, run.stdout);
      assert.equal(readFileSync(errFile, 'utf8'), 'agents: Rollback refused: confirmation needed; re-run with --yes\n');
      assert.deepEqual(state(root), before);
    });

    it('apply and cleanup ask too, and "yes" proceeds', async () => {
      const root = workspace();
      const plan = await seedPlan(root, { title: 'iso', isolated: true });
      write(path.join(root, plan.sandbox_path), 'src/app.ts', 'sandbox\n');
      const apply = runCliOnTerminal(root, ['plan', 'apply', plan.plan_id], 'yes\n');
      assert.equal(apply.code, 0, apply.stdout);
      assert.match(apply.stdout, /changes these paths in the workspace:\n  modified  src\/app\.ts\nIn all: 1 path \(0 added, 1 modified, 0 deleted\)\.\n/);
      assert.match(apply.stdout, /Apply\? \[y\/N\] /);
      assert.equal(readFileSync(path.join(root, 'src/app.ts'), 'utf8'), 'sandbox\n');

      const declined = runCliOnTerminal(root, ['plan', 'cleanup', plan.plan_id], 'no\n');
      assert.equal(declined.code, 1);
      assert.match(declined.stdout, /Cleanup deletes the isolated sandbox \.cleveragents\/sandboxes\/[0-9A-Z]{26} of plan [0-9A-Z]{4,16}: 2 files, /);
      assert.ok(existsSync(path.join(root, plan.sandbox_path)));
      const cleanup = runCliOnTerminal(root, ['plan', 'cleanup', plan.plan_id], 'Y\n');
      assert.equal(cleanup.code, 0, cleanup.stdout);
      assert.ok(!existsSync(path.join(root, plan.sandbox_path)));
    });
  });

  it('the bundle is a runnable script with a shebang', () => {
    assert.match(readFileSync(CLI_PATH, 'utf8').slice(0, 40), /^#!\/usr\/bin\/env node\n/);
  });
});
