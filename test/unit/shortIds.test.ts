import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { planJson, type CheckpointJson, type ErrorEnvelope, type PlanJson, type RollbackEnvelope } from '../../src/envelopes/envelopes';
import { AmbiguousIdError, resolveIdPrefix } from '../../src/core/idPrefix';
import { MIN_SHORT_ID, ShortIds, workspaceIds } from '../../src/core/shortIds';
import { NotFoundError } from '../../src/core/errors';
import { ensureCliBuilt, runCli, type CliRun } from './helpers/cliHarness';
import { services, write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

// Short ids: the last characters of a ULID (its random part), as few as keep it unique in the
// workspace, at least four; typed back wherever an id is taken.

/** Ids of one millisecond as the monotonic factory makes them: the same time part, the random part counted up. */
const SAME_MS = ['01KBX9ZQ7M4E8N2Q5R7T9VWXY0', '01KBX9ZQ7M4E8N2Q5R7T9VWXY1', '01KBX9ZQ7M4E8N2Q5R7T9VWXY2'];

describe('short ids (core)', () => {
  it('take the ends of ids that share their start, four characters when those differ', () => {
    const short = new ShortIds(SAME_MS);
    assert.deepEqual(SAME_MS.map((id) => short.of(id)), ['VWXY0', 'VWXY1', 'VWXY2'].map((s) => s.slice(-MIN_SHORT_ID)));
  });

  it('are, for random sets of ids sharing endings, the fewest last characters (at least four) no other id ends with', () => {
    const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % alphabet.length;
    for (let trial = 0; trial < 50; trial++) {
      // Few letters at the end: endings shared for up to ten characters and more.
      const ids = Array.from({ length: 1 + (trial % 40) * 5 }, () => `01KBX9ZQ7M${Array.from({ length: 16 }, (_, i) => alphabet[i < 14 - (trial % 12) ? 0 : next() % 3]).join('')}`);
      const short = new ShortIds([...ids, ids[0]!]);
      for (const id of new Set(ids)) {
        const others = [...new Set(ids)].filter((o) => o !== id);
        let length = MIN_SHORT_ID;
        while (length <= 16 && others.some((o) => o.endsWith(id.slice(-length)))) length++;
        assert.equal(short.of(id), length > 16 ? id : id.slice(-length), `trial ${trial}: ${id}`);
      }
    }
  });

  it('grow until no other id of the workspace ends the same way, and stay unique', () => {
    const ids = ['01KBX9ZQ7M0000000000ABCDEF', '01KBX9ZQ7N1111111111BBCDEF', '01KBX9ZQ7P2222222222QQQQ12'];
    const short = new ShortIds(ids);
    assert.equal(short.of(ids[0]!), 'ABCDEF');
    assert.equal(short.of(ids[1]!), 'BBCDEF');
    assert.equal(short.of(ids[2]!), 'QQ12');
    const all = ids.map((id) => short.of(id));
    assert.equal(new Set(all).size, all.length);
    for (const s of all) assert.equal(ids.filter((id) => id.endsWith(s)).length, 1, s);
  });

  it('shortens the ids it knows in a text, and leaves other ULIDs and words whole', () => {
    const short = new ShortIds(SAME_MS);
    const unknown = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
    assert.equal(short.shorten(`Undo with: agents plan rollback ${SAME_MS[0]} ${SAME_MS[1]} (${unknown}) X${SAME_MS[2]}`), `Undo with: agents plan rollback WXY0 WXY1 (${unknown}) X${SAME_MS[2]}`);
    // A file named after an id is a path, whole; an id that ends a sentence is shortened.
    assert.equal(short.shorten(`restore  notes/${SAME_MS[0]}.md, ${SAME_MS[1]}.json and ${SAME_MS[2]}-x; see ${SAME_MS[0]}.`), `restore  notes/${SAME_MS[0]}.md, ${SAME_MS[1]}.json and ${SAME_MS[2]}-x; see WXY0.`);
  });

  it('an id that fits several is refused with five candidates at most, one each, and how many more', () => {
    const ids = Array.from({ length: 8 }, (_, i) => `01KBX9ZQ7M4E8N2Q5R7T9VWXY${i}`);
    const candidates = ids.map((id, i) => ({ id, label: `step ${i}` }));
    assert.throws(
      () => resolveIdPrefix('01KBX9ZQ', candidates, 'checkpoint'),
      (e: unknown) => {
        assert.ok(e instanceof AmbiguousIdError);
        assert.equal(e.count, 8);
        assert.deepEqual(e.candidates, ['WXY7  step 7', 'WXY6  step 6', 'WXY5  step 5', 'WXY4  step 4', 'WXY3  step 3', 'and 3 more']);
        assert.match(e.message, /^Validation Error: checkpoint id "01KBX9ZQ" is ambiguous: it fits 8 checkpoints/);
        return true;
      },
    );
    assert.equal(resolveIdPrefix('WXY3', candidates, 'checkpoint'), ids[3]);
    assert.throws(() => resolveIdPrefix('WXY9', candidates, 'checkpoint'), (e: unknown) => e instanceof NotFoundError && e.message === 'Not found: checkpoint WXY9');
  });
});

describe('short ids through the built CLI', function () {
  this.timeout(180_000);
  const tempDir = useTempDirs('ca-short-');
  before(() => ensureCliBuilt());

  const json = (root: string, ...args: string[]): CliRun => runCli(root, ['--format', 'json', ...args]);

  /** A workspace with a plan of six checkpoints taken in quick succession (their ids share their start). */
  async function seeded(): Promise<{ root: string; plan: PlanJson; checkpoints: string[] }> {
    const root = tempDir();
    write(root, 'src/app.ts', 'export const a = 0;\n');
    const s = services(root);
    try {
      const plan = await s.plans.createPlan({ title: 'short ids', sandbox: '.' });
      await s.plans.createPlan({ title: 'another plan', sandbox: '.' });
      const checkpoints: string[] = [];
      for (let i = 1; i <= 6; i++) {
        write(root, 'src/app.ts', `export const a = ${i};\n`);
        checkpoints.push((await s.checkpoints.createCheckpoint(plan.plan_id, { reason: `step ${i}` })).checkpoint.checkpoint_id);
      }
      return { root, plan: planJson(plan), checkpoints };
    } finally {
      s.dispose();
    }
  }

  it('are made from every id of the workspace, of every kind, read in one query of the store', async () => {
    const root = tempDir();
    write(root, 'a.txt', 'one\n');
    const s = services(root);
    try {
      const plan = await s.plans.createPlan({ title: 'every kind', sandbox: '.' });
      const decision = await s.corrections.recordDecision(plan.plan_id, { title: 'write a' });
      const before = (await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'pre_write', decisionId: decision.decision_id })).checkpoint;
      write(root, 'a.txt', 'two\n');
      const after = (await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'post_step', decisionId: decision.decision_id })).checkpoint;
      const outcome = await s.corrections.executeRevert(plan.plan_id, decision.decision_id);
      const ids = await workspaceIds(s);
      const expected = [plan.plan_id, decision.decision_id, before.checkpoint_id, after.checkpoint_id, outcome.correction.correction_id];
      for (const id of expected) assert.ok(ids.includes(id), `${id} is missing from ${ids.join(', ')}`);
      const listed = (await s.checkpoints.listCheckpoints(plan.plan_id)).map((c) => c.checkpoint_id);
      assert.deepEqual([...ids].sort(), [plan.plan_id, decision.decision_id, outcome.correction.correction_id, ...listed].sort());
    } finally {
      s.dispose();
    }
  });

  it('plan list and plan checkpoints show short ids, unique in the workspace, that plan rollback takes', async () => {
    const { root, plan, checkpoints } = await seeded();
    const list = runCli(root, ['plan', 'list']);
    assert.equal(list.code, 0, list.stderr);
    assert.ok(!list.stdout.includes(plan.plan_id), list.stdout);
    const planShort = /^(\S+)\s+\S+\s+\.\s.*short ids$/m.exec(list.stdout)?.[1];
    assert.ok(planShort && planShort.length >= 4 && plan.plan_id.endsWith(planShort), list.stdout);

    const shown = runCli(root, ['plan', 'checkpoints', planShort]);
    assert.equal(shown.code, 0, shown.stderr);
    const shorts = [...shown.stdout.matchAll(/^(\S+)\s+manual\s/gm)].map((m) => m[1]!);
    assert.equal(shorts.length, 6, shown.stdout);
    for (const s of shorts) assert.ok(s.length >= 4 && s.length < 26, s);
    assert.equal(new Set(shorts).size, 6);
    shorts.forEach((s, i) => assert.ok(checkpoints[i]!.endsWith(s), `${s} is the end of ${checkpoints[i]}`));
    // The columns are measured after shortening: the type starts at the same place on every line.
    const typeColumn = new Set(shown.stdout.trimEnd().split('\n').map((l) => l.search(/\b(TYPE|manual)\b/)));
    assert.equal(typeColumn.size, 1, shown.stdout);

    // JSON keeps whole ids.
    const doc = json(root, 'plan', 'checkpoints', planShort).json<{ plan_id: string; checkpoints: CheckpointJson[] }>();
    assert.equal(doc.plan_id, plan.plan_id);
    assert.deepEqual(doc.checkpoints.map((c) => c.checkpoint_id), checkpoints);

    // The short id printed works in plan rollback, in either case; its output names the undo checkpoint by its short id.
    const rolled = runCli(root, ['plan', 'rollback', '--yes', planShort.toLowerCase(), shorts[1]!]);
    assert.equal(rolled.code, 0, rolled.stderr);
    assert.equal(readFileSync(path.join(root, 'src/app.ts'), 'utf8'), 'export const a = 2;\n');
    const undo = /Undo with: agents plan rollback (\S+) (\S+)$/m.exec(rolled.stdout);
    assert.ok(undo && undo[1] === planShort && undo[2]!.length < 26, rolled.stdout);
    const undone = json(root, 'plan', 'rollback', '--yes', undo[1]!, undo[2]!);
    assert.equal(undone.code, 0, undone.stderr);
    assert.equal(undone.json<RollbackEnvelope>().post_rollback_state.plan_id, plan.plan_id);
    assert.equal(readFileSync(path.join(root, 'src/app.ts'), 'utf8'), 'export const a = 6;\n');
  });

  it('an ambiguous id is refused with at most five candidates, one per line; a missing one is named', async () => {
    const { root, plan, checkpoints } = await seeded();
    // The six checkpoints were made within moments: the start of their time part is shared.
    let n = 0;
    while (checkpoints.every((c) => c[n] === checkpoints[0]![n])) n++;
    const shared = checkpoints[0]!.slice(0, n);
    assert.ok(shared.length >= 4, shared);
    const text = runCli(root, ['plan', 'rollback', '--yes', plan.plan_id, shared]);
    assert.equal(text.code, 1);
    assert.equal(text.stdout, '');
    const lines = text.stderr.trimEnd().split('\n');
    assert.match(lines[0]!, new RegExp(`^agents: Validation Error: checkpoint id "${shared}" is ambiguous: it fits 6 checkpoints\\. Give more characters`));
    assert.equal(lines.length, 7, text.stderr);
    assert.match(lines[6]!, /^ {2}and 1 more$/);
    for (const line of lines.slice(1, 6)) {
      const short = /^ {2}(\S+) {2}manual, /.exec(line)?.[1];
      assert.ok(short !== undefined && checkpoints.filter((c) => c.endsWith(short)).length === 1, line);
    }
    const doc = json(root, 'plan', 'rollback', '--yes', plan.plan_id, shared).json<ErrorEnvelope>();
    assert.equal(doc.error.type, 'ValidationError');
    assert.ok(!doc.error.message.includes('\n') && doc.error.message.length < 400, doc.error.message);

    const missing = runCli(root, ['plan', 'show', 'ZZZZZ']);
    assert.equal(missing.code, 1);
    assert.equal(missing.stderr, 'agents: Not found: plan ZZZZZ\n');
    const whole = json(root, 'plan', 'rollback', '--yes', plan.plan_id, '01ARZ3NDEKTSV4RRFFQ69G5FAV').json<ErrorEnvelope>();
    assert.equal(whole.error.message, 'Not found: checkpoint 01ARZ3NDEKTSV4RRFFQ69G5FAV');
  });
});
