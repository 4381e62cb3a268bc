import * as assert from 'node:assert/strict';
import { applicableScopes, scopedToolCalls, scopeStart } from '../../src/core/agentOnlyScope';
import { authorshipRecord, type AuthorshipRecord, type AuthorshipSources } from '../../src/core/authorship';
import { changesByPath, keptAndMerged, resolveAuthor } from '../../src/core/authorshipQueries';
import type { Checkpoint } from '../../src/core/checkpoint';
import type { Plan } from '../../src/core/plan';
import { oncePerPath, undoneByRecord } from '../../src/core/undoneByRecord';

// The authorship record is pure: its one port is a diff of two snapshots. Here the snapshots are
// maps of path to content held in memory (a real store's diff is what the CLI tests read), so each
// rule of whose a change is can be checked by itself.

type Files = Readonly<Record<string, string>>;

/** A timeline of snapshots and checkpoints over one or more plans, oldest first. */
function timeline() {
  const snapshots = new Map<string, Files>();
  const lists = new Map<string, Checkpoint[]>();
  let clock = 0;
  let ids = 0;
  const ref = (files: Files): string => {
    const r = (++ids).toString(16).padStart(40, '0');
    snapshots.set(r, { ...files });
    return r;
  };
  const id = (n: number): string => `01J${String(n).padStart(23, '0')}`;
  const plan = (n: number, title = `plan ${n}`, sandbox = '.'): Plan =>
    ({ plan_id: id(900 + n), title, sandbox_path: sandbox, sandbox_kind: 'in_place', state: 'executing' }) as unknown as Plan;
  /** A checkpoint of `p` holding `files`, taken now. */
  const cp = (p: Plan, type: Checkpoint['checkpoint_type'], files: Files, meta: Partial<Checkpoint['metadata']> = {}): Checkpoint => {
    const at = new Date(Date.UTC(2026, 11, 3, 12, 0, 0, 0) + ++clock * 1000).toISOString();
    const c = {
      checkpoint_id: id(++ids),
      plan_id: p.plan_id,
      sandbox_ref: ref(files),
      decision_id: null,
      checkpoint_type: type,
      resource_id: null,
      filesystem_path: 'x',
      size_bytes: 0,
      created_at: at,
      metadata: { reason: null, source_tool: null, phase: null, skipped: [], ...meta, extra: { ...meta.extra } },
    } as Checkpoint;
    lists.set(p.plan_id, [...(lists.get(p.plan_id) ?? []), c]);
    return c;
  };
  const changedBetween: AuthorshipSources['changedBetween'] = async (a, b) => {
    const [x, y] = [snapshots.get(a), snapshots.get(b)];
    if (!x || !y) throw new Error(`no snapshot ${a} or ${b}`);
    const paths = [...new Set([...Object.keys(x), ...Object.keys(y)])].sort();
    return paths.filter((p) => x[p] !== y[p]).map((p) => (y[p] === undefined ? { path: p } : { path: p, contentAfter: y[p] }));
  };
  const record = (p: Plan, since: Checkpoint, now?: Files, plans: Plan[] = [p]): Promise<AuthorshipRecord> =>
    authorshipRecord({
      plan: p,
      checkpoints: lists.get(p.plan_id) ?? [],
      since,
      plans: plans.map((x) => ({ plan: x, checkpoints: lists.get(x.plan_id) ?? [] })),
      ...(now ? { nowRef: ref(now) } : {}),
      changedBetween,
    });
  return { plan, cp, record, lists, id };
}

const agent = { extra: { agent: 'claude-code', session_id: 's' } };
const prompt = (line: string) => ({ reason: `Before: "${line}"`, phase: 'prompt', extra: { agent: 'claude-code', session_id: 's' } });
const pre = (tool: string, use: string) => ({ source_tool: tool, phase: 'pre_tool', extra: { agent: 'claude-code', session_id: 's', tool_use_id: use } });
const post = (tool: string, use: string, more: Record<string, string> = {}) => ({ source_tool: tool, phase: 'post_tool', extra: { agent: 'claude-code', session_id: 's', tool_use_id: use, ...more } });
const kinds = (r: AuthorshipRecord) => r.changes.map((c) => `${c.path}: ${c.author.kind}${c.author.kind === 'unknown' ? ` (${c.author.reason})` : ''}`);

describe('the authorship record: whose each change is, from the fences', () => {
  it('a tool call between its pre_write and post_step, with its prompt, agent and tool; the user between tool calls; a post_step whose pre_write was skipped', async () => {
    const t = timeline();
    const p = t.plan(1);
    const c = t.cp(p, 'manual', { 'a.txt': '1' }, prompt('do it'));
    const w = t.cp(p, 'pre_write', { 'a.txt': '1' }, pre('Edit', 'u1'));
    const s = t.cp(p, 'post_step', { 'a.txt': 'agent' }, post('Edit', 'u1', { agent_id: 'sub-7' }));
    t.cp(p, 'post_step', { 'a.txt': 'agent', 'b.txt': 'agent' }, post('Bash', 'u2'));
    const r = await t.record(p, c, { 'a.txt': 'agent', 'b.txt': 'agent', 'mine.txt': 'mine' });
    assert.deepEqual(kinds(r), ['a.txt: tool_call', 'b.txt: tool_call', 'mine.txt: outside_tool_calls']);
    assert.deepEqual(r.changes[0]!.author, {
      kind: 'tool_call',
      plan_id: p.plan_id,
      checkpoint_id: s.checkpoint_id,
      pre_write_checkpoint_id: w.checkpoint_id,
      source_tool: 'Edit',
      agent: 'claude-code',
      tool_use_id: 'u1',
      subagent: 'sub-7',
      prompt_checkpoint_id: c.checkpoint_id,
    });
    assert.equal(r.changes[1]!.author.kind === 'tool_call' && r.changes[1]!.author.pre_write_checkpoint_id, null, 'the hooks skip a pre_write when nothing changed');
    assert.equal(r.changes[2]!.until, null, 'up to the files now');
    assert.equal(r.changes[2]!.content, 'mine');
  });

  it('never guesses where a fence was missed: a pre_write without its post_step, tool calls that do not pair, a checkpoint taken late, a plan nothing fences', async () => {
    const t = timeline();
    const p = t.plan(1);
    const c = t.cp(p, 'manual', { a: '0' }, prompt('x'));
    t.cp(p, 'pre_write', { a: '0' }, pre('Edit', 'u1'));
    t.cp(p, 'manual', { a: '1' }, prompt('y'));
    t.cp(p, 'pre_write', { a: '1' }, pre('Edit', 'u2'));
    t.cp(p, 'post_step', { a: '2' }, post('Edit', 'u3'));
    t.cp(p, 'pre_write', { a: '2' }, pre('Edit', 'u4'));
    t.cp(p, 'post_step', { a: '3' }, post('Edit', 'u4', { late: '1' }));
    const r = await t.record(p, c, { a: '3', b: 'after' });
    assert.deepEqual(kinds(r), ['a: unknown (unclosed)', 'a: unknown (unpaired)', 'a: unknown (late)', 'b: unknown (late)']);

    const u = timeline();
    const q = u.plan(2);
    const start = u.cp(q, 'manual', { a: '0' });
    u.cp(q, 'manual', { a: '1' });
    assert.deepEqual(kinds(await u.record(q, start)), ['a: unknown (unfenced)'], 'manual checkpoints alone tell nobody apart');
  });

  it('VS Code’s automatic checkpoints fence no tool call', async () => {
    const t = timeline();
    const p = t.plan(1);
    const c = t.cp(p, 'manual', { a: '0' }, prompt('x'));
    t.cp(p, 'pre_write', { a: '0' }, { source_tool: 'auto-checkpoint', ...agent });
    t.cp(p, 'post_step', { a: 'saved' }, { source_tool: 'auto-checkpoint', ...agent });
    assert.deepEqual(kinds(await t.record(p, c)), ['a: outside_tool_calls']);
  });

  it('a rollback and its undo are this product’s own: what they bring back is whoever made it; a change right after a rollback is not the rollback’s', async () => {
    const t = timeline();
    const p = t.plan(1);
    const c = t.cp(p, 'manual', { a: '0', m: '0' }, prompt('x'));
    t.cp(p, 'pre_write', { a: '0', m: '0' }, pre('Edit', 'u1'));
    t.cp(p, 'post_step', { a: 'agent', m: '0' }, post('Edit', 'u1'));
    // The user edits m; a rollback to c takes a and m back; the user then makes n; the undo brings a and m back.
    const s1 = t.cp(p, 'manual', { a: 'agent', m: 'mine' }, { source_tool: 'rollback', phase: 'rollback', extra: { rollback_to: c.checkpoint_id } });
    t.cp(p, 'manual', { a: '0', m: '0', n: 'new' }, { source_tool: 'rollback', phase: 'rollback', extra: { rollback_to: s1.checkpoint_id } });
    const r = await t.record(p, c, { a: 'agent', m: 'mine', n: 'new' });
    assert.deepEqual(kinds(r), ['a: tool_call', 'm: outside_tool_calls', 'a: restore', 'm: restore', 'n: outside_tool_calls', 'a: restore', 'm: restore']);
    const byPath = changesByPath(r);
    const last = (path: string) => byPath.get(path)!.at(-1)!;
    assert.equal(resolveAuthor(r, byPath, last('a')).kind, 'tool_call', 'the undo brought back the agent’s a');
    assert.equal(resolveAuthor(r, byPath, last('m')).kind, 'outside_tool_calls', 'and the user’s m');
    assert.equal(resolveAuthor(r, byPath, byPath.get('m')![1]!).kind, 'before_checkpoints', 'the rollback brought back m as it was before');

    // Keep Mine from c after all that: a is the agent's (written), m is the user's (kept), n the user's too.
    const km = keptAndMerged(r, () => true, new Set(['a']), new Set());
    assert.deepEqual(km, { kept: [{ path: 'm', reason: 'outside_tool_calls' }, { path: 'n', reason: 'outside_tool_calls' }], merged: [] });
  });

  it('a merged restore (Keep Mine, a correction) is told by the result it names, not by the checkpoint it went back to', async () => {
    const t = timeline();
    const p = t.plan(1);
    const c = t.cp(p, 'manual', { a: 'x\n' }, prompt('x'));
    t.cp(p, 'pre_write', { a: 'x\n' }, pre('Edit', 'u1'));
    t.cp(p, 'post_step', { a: 'agent\n' }, post('Edit', 'u1'));
    const merged = t.cp(p, 'manual', { a: 'agent\nmine\n' }, { source_tool: 'rollback', phase: 'rollback', extra: { rollback_to: c.checkpoint_id } });
    // What the merge wrote is in no checkpoint: the safety checkpoint names it.
    const result = { a: 'x\nmine\n' };
    const r0 = await t.record(p, c, result);
    assert.deepEqual(kinds(r0).at(-1), 'a: outside_tool_calls', 'without the name, the merge looks like someone else’s edit');
    merged.metadata.extra.restored_ref = (await t.record(p, c, result)).changes.at(-1)!.to_ref;
    assert.deepEqual(kinds(await t.record(p, c, result)).at(-1), 'a: restore');
    // The store's content is untrusted, and a snapshot may be gone: never a guess.
    merged.metadata.extra.restored_ref = 'f'.repeat(40);
    assert.deepEqual(kinds(await t.record(p, c, result)).at(-1), 'a: unknown (unreadable)', 'a result the store no longer holds');
    merged.metadata.extra.restored_ref = '--output=/tmp/x';
    assert.deepEqual(kinds(await t.record(p, c, result)).at(-1), 'a: outside_tool_calls', 'a name that is no object id is not read at all');
  });

  it('another session’s tool call, at the same time and to the same content, is that session’s; the same content outside its tool calls is not', async () => {
    const t = timeline();
    const p = t.plan(1);
    const q = t.plan(2, 'Write the guide');
    const c = t.cp(p, 'manual', { g: '0', u: '0' }, prompt('x'));
    t.cp(q, 'manual', { g: '0', u: '0' }, prompt('y'));
    t.cp(q, 'post_step', { g: 'two', u: '0' }, post('Write', 'q1'));
    // The user's edit, seen by session two outside its tool calls.
    t.cp(q, 'manual', { g: 'two', u: 'mine' }, prompt('z'));
    const r = await t.record(p, c, { g: 'two', u: 'mine' }, [p, q]);
    assert.deepEqual(r.changes.map((x) => [x.path, x.author]), [
      ['g', { kind: 'other_session', plan_id: q.plan_id, checkpoint_id: t.lists.get(q.plan_id)![1]!.checkpoint_id }],
      ['u', { kind: 'outside_tool_calls' }],
    ]);
    assert.deepEqual(keptAndMerged(r, () => true, new Set(), new Set()).kept, [
      { path: 'g', reason: 'other_session', plan_id: q.plan_id },
      { path: 'u', reason: 'outside_tool_calls' },
    ]);
    assert.deepEqual(
      undoneByRecord(r, ['g', 'u'], [p, q]).map((w) => [w.kind, w.title, w.paths]),
      [
        ['plan', 'Write the guide', ['g']],
        ['outside_tool_calls', 'you, or another program', ['u']],
      ],
    );
  });

  it('a rollback’s list names each path once, under whoever made its latest change; a plan that recorded a change the record calls outside tool calls names it', async () => {
    const t = timeline();
    const p = t.plan(1);
    const q = t.plan(2, 'Write the guide');
    const c = t.cp(p, 'manual', { g: '0', u: '0' }, prompt('x'));
    t.cp(q, 'manual', { g: '0', u: '0' }, prompt('y'));
    // The user edits g; session two's tool call then writes g and u; the user then edits u.
    t.cp(p, 'manual', { g: 'mine', u: '0' }, prompt('x2'));
    t.cp(q, 'pre_write', { g: 'mine', u: '0' }, pre('Write', 'q1'));
    t.cp(q, 'post_step', { g: 'two', u: 'two' }, post('Write', 'q1'));
    t.cp(p, 'manual', { g: 'two', u: 'two' }, prompt('x3'));
    const r = await t.record(p, c, { g: 'two', u: 'mine' }, [p, q]);
    assert.deepEqual(kinds(r), ['g: outside_tool_calls', 'g: other_session', 'u: other_session', 'u: outside_tool_calls']);
    const byRecord = undoneByRecord(r, ['g', 'u'], [p, q]);
    assert.deepEqual(
      byRecord.map((w) => [w.kind, w.title, w.paths]),
      [
        ['plan', 'Write the guide', ['g']],
        ['outside_tool_calls', 'you, or another program', ['u']],
      ],
      'g is now session two’s, u the user’s: each listed once',
    );
    // A plan nothing fences, found by what it recorded, names u and w: the record could only call
    // u's change "outside tool calls", so the plan that recorded it names it; g is session two's.
    const unfenced = { kind: 'plan' as const, plan_id: t.id(950), decision_id: null, title: 'Manual plan', paths: ['g', 'u', 'w'] };
    const decision = { kind: 'decision' as const, plan_id: p.plan_id, decision_id: t.id(951), title: 'A decision', paths: ['u'] };
    assert.deepEqual(oncePerPath([unfenced, decision], byRecord), [{ ...unfenced, paths: ['u', 'w'] }, decision, byRecord[0]], 'the outside entry, left with no path, goes');
    assert.deepEqual(oncePerPath([{ ...unfenced, paths: ['g'] }], byRecord), byRecord, 'a plan entry left with no path goes');
  });

  it('another session’s tool call that ended before the stretch began is not whose the stretch’s change is', async () => {
    const t = timeline();
    const p = t.plan(1);
    const q = t.plan(2);
    t.cp(q, 'manual', { g: '0' }, prompt('y'));
    t.cp(q, 'post_step', { g: 'two' }, post('Write', 'q1'));
    const c = t.cp(p, 'manual', { g: '0' }, prompt('x'));
    const r = await t.record(p, c, { g: 'two' }, [p, q]);
    assert.deepEqual(kinds(r), ['g: outside_tool_calls']);
  });

  it('Keep Mine: a written path is never also kept; the scope decides which tool calls are taken out, the rest are kept as not in scope', async () => {
    const t = timeline();
    const p = t.plan(1);
    const c = t.cp(p, 'manual', { a: '0', b: '0' }, prompt('one'));
    t.cp(p, 'post_step', { a: '1', b: '0' }, post('Edit', 'u1'));
    const second = t.cp(p, 'manual', { a: '1', b: '0' }, prompt('two'));
    t.cp(p, 'post_step', { a: '1', b: '1' }, post('Edit', 'u2', { agent_id: 'sub' }));
    const list = t.lists.get(p.plan_id)!;
    const r = await t.record(p, c, { a: '1 and mine', b: '1' });
    const onlyFirstPrompt = scopedToolCalls(list, c, r.stretches, 'prompt');
    const km = keptAndMerged(r, onlyFirstPrompt, new Set(['a']), new Set());
    assert.deepEqual(km, { kept: [{ path: 'b', reason: 'not_in_scope', plan_id: p.plan_id }], merged: ['a'] });
    assert.deepEqual(keptAndMerged(r, () => true, new Set(['a', 'b']), new Set(['b'])), { kept: [], merged: ['a'] }, 'a conflict is neither');

    assert.deepEqual(applicableScopes(list, c), ['session', 'prompt', 'subagent']);
    assert.deepEqual(applicableScopes(list, second), ['session', 'subagent']);
    assert.deepEqual(applicableScopes(list, list[1]!), ['session', 'prompt', 'tool_call', 'subagent']);
    const sub = scopedToolCalls(list, c, r.stretches, 'subagent');
    assert.deepEqual(r.stretches.flatMap((s) => (s.author.kind === 'tool_call' && sub(s.author) ? [s.author.tool_use_id] : [])), ['u2']);
    assert.equal(scopeStart(list, list[1]!, 'tool_call'), c, 'a post_step stands for its tool call: it starts where the call began');
    const fromCall = await t.record(p, c);
    const call = scopedToolCalls(list, c, fromCall.stretches, 'tool_call');
    assert.deepEqual(fromCall.stretches.flatMap((s) => (s.author.kind === 'tool_call' && call(s.author) ? [s.author.tool_use_id] : [])), ['u1']);
    const afterCall = await t.record(p, list[1]!);
    assert.throws(() => scopedToolCalls(list, list[1]!, afterCall.stretches, 'tool_call'), /does not begin a tool call/);
  });
});
