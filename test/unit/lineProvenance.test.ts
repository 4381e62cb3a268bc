import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Checkpoint } from '../../src/core/checkpoint';
import { LineNumbering, matchLines, pairMovedLines } from '../../src/core/provenance/lineDiff';
import { combineBlames, lineProvenance, lineProvenanceRun, lineProvenanceRunAsync, type FileBlame, type FileVersion, type LineAuthor, type ProvenanceStep, type StretchTimes } from '../../src/core/provenance/lineProvenance';
import { fileProvenance, type PlanFileHistory } from '../../src/core/provenance/planProvenance';
import { SnapshotFileCache } from '../../src/core/provenance/provenanceReader';

// Line provenance is pure: versions of a file and whose each change was go in, an author per line
// comes out. The CLI tests (cliBlame.test.ts) read the same through real hooks and a real store.

const enc = new TextEncoder();
let n = 0;
const v = (text: string | undefined): FileVersion => (text === undefined ? { id: undefined, content: undefined } : { id: `blob${++n}`, content: enc.encode(text) });
const lines = (count: number, tag = 'line'): string[] => Array.from({ length: count }, (_, i) => `${tag} ${i + 1} of the file`);
const text = (l: readonly string[]): string => l.map((x) => `${x}\n`).join('');
const times = (i: number): StretchTimes => ({ plan_id: 'P', from_checkpoint_id: `c${i}`, to_checkpoint_id: `c${i + 1}`, since: `2026-12-03T12:00:0${i}Z`, until: `2026-12-03T12:00:0${i + 1}Z` });
const call = (i: number): ProvenanceStep['author'] => ({
  kind: 'tool_call',
  plan_id: 'P',
  checkpoint_id: `c${i + 1}`,
  pre_write_checkpoint_id: `c${i}`,
  source_tool: 'Edit',
  agent: 'claude-code',
  tool_use_id: `t${i}`,
  subagent: null,
  prompt_checkpoint_id: null,
  prompt: null,
  session_id: 's1',
  input: 'f.txt',
  since: times(i).since,
  until: times(i).until!,
});
const before = { kind: 'before_checkpoints', until: '2026-12-03T12:00:00Z' } as const;
/** Per line: `call N`, `outside`, `before`, `unknown`. */
function who(b: FileBlame): string[] {
  assert.equal(b.state, 'text');
  return b.lines.map(label);
}
function label(a: LineAuthor): string {
  if (a.kind === 'tool_call') return `call ${a.tool_use_id!.slice(1)}`;
  if (a.kind === 'outside_tool_calls') return 'outside';
  if (a.kind === 'before_checkpoints') return 'before';
  return `unknown ${a.reason}`;
}

describe('line provenance (core)', () => {
  it('the issue’s session: lines 2–4 by the first call, line 18 outside tool calls, line 10 by a later call, the rest before checkpoints', () => {
    const base = lines(20);
    const afterFirst = base.map((l, i) => (i >= 1 && i <= 3 ? `${l} (agent)` : l));
    const afterUser = afterFirst.map((l, i) => (i === 17 ? 'mine' : l));
    const afterSecond = afterUser.map((l, i) => (i === 9 ? 'second call' : l));
    const b = lineProvenance(v(text(base)), before, [
      { version: v(text(afterFirst)), author: call(0), times: times(0) },
      { version: v(text(afterUser)), author: { kind: 'outside_tool_calls', ...times(1) }, times: times(1) },
      { version: v(text(afterSecond)), author: call(2), times: times(2) },
    ]);
    const expected = base.map(() => 'before');
    [1, 2, 3].forEach((i) => (expected[i] = 'call 0'));
    expected[17] = 'outside';
    expected[9] = 'call 2';
    assert.deepEqual(who(b), expected);
    assert.equal(b.state === 'text' && b.lines[17]!.text, 'mine');
    assert.equal(b.state === 'text' && b.lines[0]!.line, 1);
  });

  it('a block moved within the file keeps its author; a lone brace deleted here and inserted there does not', () => {
    const base = lines(10);
    const agent = [...base.slice(0, 5), 'function added() {', '  return 42;', '}', ...base.slice(5)];
    // The user moves the agent's function to the top, and a lone `}` of line 3 to the end.
    const moved = ['function added() {', '  return 42;', '}', ...base.slice(0, 5), ...base.slice(5)];
    const b = lineProvenance(v(text(base)), before, [
      { version: v(text(agent)), author: call(0), times: times(0) },
      { version: v(text(moved)), author: { kind: 'outside_tool_calls', ...times(1) }, times: times(1) },
    ]);
    assert.deepEqual(who(b).slice(0, 3), ['call 0', 'call 0', 'call 0']);
    assert.deepEqual(who(b).slice(3), base.map(() => 'before'));
    const braces = ['a', '}', 'b', 'c'];
    const b2 = lineProvenance(v(text(braces)), before, [{ version: v(text(['a', 'b', 'c', '}'])), author: call(0), times: times(0) }]);
    assert.deepEqual(who(b2), ['before', 'before', 'before', 'call 0']);
  });

  it('a binary file is one entry: the change that last made it what it is', () => {
    const bin = (x: number): FileVersion => ({ id: `bin${x}`, content: new Uint8Array([0, 1, 2, x]) });
    const b = lineProvenance(bin(1), before, [
      { version: bin(2), author: call(0), times: times(0) },
      { version: bin(2), author: { kind: 'outside_tool_calls', ...times(1) }, times: times(1) },
    ]);
    assert.equal(b.state, 'binary');
    assert.equal(b.state === 'binary' && label(b.author), 'call 0');
  });

  it('a rollback’s lines keep the authors they had at the checkpoint it restored; an unreadable snapshot makes what changed across it unknown', () => {
    const base = lines(4);
    const agent = ['agent line one that is long', ...base];
    const later = [...agent, 'later agent line'];
    const restore: ProvenanceStep['author'] = { kind: 'restore', restored_from: 1, ...times(2) };
    const b = lineProvenance(v(text(base)), before, [
      { version: v(text(agent)), author: call(0), times: times(0) },
      { version: v(text(later)), author: call(1), times: times(1) },
      { version: v(text([...agent, 'typed after the rollback'])), author: restore, times: times(2) },
    ]);
    assert.deepEqual(who(b), ['call 0', 'before', 'before', 'before', 'before', 'outside']);
    const gap = lineProvenance(v(text(base)), before, [
      { version: { id: undefined, content: undefined, unreadable: true }, author: call(0), times: times(0) },
      { version: v(text([...base, 'x'])), author: call(1), times: times(1) },
    ]);
    assert.deepEqual(who(gap), ['before', 'before', 'before', 'before', 'unknown unreadable']);
  });

  it('plans over the same file: a tool call of one is named, though the other saw it as outside tool calls', () => {
    const l = (kind: LineAuthor): FileBlame => ({ state: 'text', lines: [{ ...kind, line: 1, text: 'x' }] });
    const outside: LineAuthor = { kind: 'outside_tool_calls', ...times(3) };
    const tool = call(1) as LineAuthor;
    assert.equal(label((combineBlames([l(outside), l(tool)]) as Extract<FileBlame, { state: 'text' }>).lines[0]!), 'call 1');
    assert.equal(label((combineBlames([l(tool), l(before)]) as Extract<FileBlame, { state: 'text' }>).lines[0]!), 'call 1');
    assert.equal(label((combineBlames([l(before), l(outside)]) as Extract<FileBlame, { state: 'text' }>).lines[0]!), 'outside');
  });

  it('a plan’s checkpoints: a pre_write without its post_step leaves its lines unknown, never guessed', () => {
    const at = (i: number): string => `2026-12-03T12:00:${String(i).padStart(2, '0')}.000Z`;
    const cp = (i: number, type: Checkpoint['checkpoint_type'], tool: string | null, extra: Record<string, string> = {}): Checkpoint =>
      ({ checkpoint_id: `01J${String(i).padStart(23, '0')}`, plan_id: 'P', sandbox_ref: 'r', checkpoint_type: type, created_at: at(i), metadata: { reason: null, source_tool: tool, phase: null, skipped: [], extra: { agent: 'claude-code', ...extra } } }) as unknown as Checkpoint;
    const history: PlanFileHistory = {
      plan_id: 'P',
      checkpoints: [cp(1, 'pre_write', 'Edit', { tool_use_id: 'a' }), cp(2, 'post_step', 'Edit', { tool_use_id: 'a' }), cp(3, 'pre_write', 'Edit', { tool_use_id: 'b' })],
      versions: [v('one\n'), v('one\ntwo\n'), v('one\ntwo\n')],
    };
    const b = fileProvenance([history], enc.encode('one\ntwo\nthree\n'), () => v('one\ntwo\nthree\n'));
    assert.deepEqual(b.state === 'text' && b.lines.map((x) => x.kind), ['before_checkpoints', 'tool_call', 'unknown']);
  });

  it('the line diff pairs lines in order, equal ones only, as many as a longest common subsequence', () => {
    const lcs = (a: number[], b: number[]): number => {
      const t = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
      for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) t[i]![j] = a[i] === b[j] ? t[i + 1]![j + 1]! + 1 : Math.max(t[i + 1]![j]!, t[i]![j + 1]!);
      return t[0]![0]!;
    };
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 40 }), fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 40 }), (a, b) => {
        const m = matchLines(Int32Array.from(a), Int32Array.from(b));
        let last = -1;
        let count = 0;
        m.forEach((i, j) => {
          if (i < 0) return;
          assert.equal(a[i], b[j]);
          assert.ok(i > last);
          last = i;
          count++;
        });
        assert.equal(count, lcs(a, b));
      }),
      { numRuns: 500 },
    );
  });

  it('comparing bytes for the common start and end gives the same authors as diffing every line (random histories)', () => {
    const alphabet = ['a\n', 'b\n', 'c\n', '}\n', 'a long line that weighs more than twenty\n', '\n', 'x', 'é\n'];
    const version = fc.array(fc.constantFrom(...alphabet), { maxLength: 12 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(version, fc.array(version, { minLength: 1, maxLength: 6 }), (first, rest) => {
        const steps = rest.map((t, i): ProvenanceStep => ({ version: v(t), author: call(i), times: times(i) }));
        const got = lineProvenance(v(first), before, steps);
        // The reference: every line of every version numbered and diffed, moves paired, as lineDiff.ts does.
        const numbering = new LineNumbering();
        const split = (t: string) => t.split(/(?<=\n)/).filter((x) => x !== '');
        let prev = numbering.number(split(first));
        let authors: string[] = split(first).map(() => 'before');
        rest.forEach((t, i) => {
          const next = numbering.number(split(t));
          const m = matchLines(prev, next);
          pairMovedLines(prev, next, m, (id) => numbering.text(id).replace(/\s/g, '').length);
          authors = Array.from(next, (_, j) => (m[j]! >= 0 ? authors[m[j]!]! : `call ${i}`));
          prev = next;
        });
        assert.deepEqual(who(got), authors);
      }),
      { numRuns: 400 },
    );
  });

  it('resumed from the tokens kept at a checkpoint, the attribution is the one a run from the first checkpoint gives (random histories, restores, unreadable snapshots)', () => {
    const alphabet = ['a\n', 'b\n', 'c\n', '}\n', 'a long line that weighs more than twenty\n', '\n', 'é\n'];
    const version = fc.array(fc.constantFrom(...alphabet), { maxLength: 10 }).map((parts) => parts.join(''));
    const step = fc.record({ text: version, kind: fc.constantFrom('call', 'outside', 'restore', 'unreadable', 'same'), back: fc.nat() });
    let resumed = 0;
    fc.assert(
      fc.property(version, fc.array(step, { minLength: 1, maxLength: 8 }), fc.nat(), (first, rest, pick) => {
        // Equal texts, equal ids, as the store names them.
        const ids = new Map<string, string>();
        const ver = (t: string): FileVersion => ({ id: ids.get(t) ?? (ids.set(t, `blob${ids.size}`), `blob${ids.size - 1}`), content: enc.encode(t) });
        const texts = [first];
        const steps = rest.map((st, i): ProvenanceStep => {
          const t = st.kind === 'same' ? texts[texts.length - 1]! : st.kind === 'restore' ? texts[st.back % texts.length]! : st.text;
          texts.push(t);
          const version = st.kind === 'unreadable' ? { id: undefined, content: undefined, unreadable: true } : ver(t);
          const author: ProvenanceStep['author'] = st.kind === 'restore' ? { kind: 'restore', restored_from: st.back % (texts.length - 1), ...times(i) } : st.kind === 'outside' ? { kind: 'outside_tool_calls', ...times(i) } : call(i);
          return { version, author, times: times(i) };
        });
        const at = pick % (steps.length + 1);
        const full = lineProvenanceRun(ver(first), before, steps, { keepAt: at })!;
        const atVersion = at === 0 ? ver(first) : steps[at - 1]!.version;
        if (atVersion.unreadable) return;
        assert.ok(full.kept !== undefined);
        // Before the point resumed from, no content: only ids, as a run from the cache has them.
        const bare = steps.map((st, i) => (i < at - 1 ? { ...st, version: { ...st.version, content: st.version.unreadable ? undefined : new Uint8Array(0) } } : st));
        const again = lineProvenanceRun({ ...ver(first), content: at === 0 ? enc.encode(first) : new Uint8Array(0) }, before, bare, { resume: { at, tokens: full.kept } });
        if (again === undefined) {
          // Only a restore after the point, of a version before it, sends the caller back to the start.
          assert.ok(steps.slice(at).some((st) => st.author.kind === 'restore' && st.author.restored_from < at));
          return;
        }
        resumed++;
        assert.deepEqual(again.blame, full.blame);
        // Tokens that cannot be the version's (another length, or naming a later step) are refused.
        assert.equal(lineProvenanceRun(ver(first), before, steps, { resume: { at, tokens: Int32Array.from([...full.kept, 0]) } }), undefined);
        if (full.kept.length > 0) assert.equal(lineProvenanceRun(ver(first), before, steps, { resume: { at, tokens: full.kept.map(() => 3 * at + 1) } }), undefined);
      }),
      { numRuns: 400 },
    );
    assert.ok(resumed > 100, `resumed ${resumed} times`);
  });

  it('worked out with pauses (an editor’s process), the attribution is the same, and it gives way every few versions', async () => {
    let text = lines(300);
    const steps: ProvenanceStep[] = [];
    for (let i = 0; i < 40; i++) {
      text = text.map((l, j) => (j === (i * 37) % 300 ? `${l} (call ${i})` : l));
      steps.push({ version: v(text.join('\n')), author: call(i % 9), times: times(i % 9) });
    }
    const base = v(lines(300).join('\n'));
    let pauses = 0;
    const paused = await lineProvenanceRunAsync(base, before, steps, {}, async () => {
      pauses++;
    });
    assert.deepEqual(paused?.blame, lineProvenance(base, before, steps));
    assert.equal(pauses, 2, '40 versions compared, a pause after every 16');
  });

  it('the cache of files at snapshots keeps what was read, never an unreadable snapshot, and drops the oldest past its size', () => {
    const cache = new SnapshotFileCache(400);
    const file = (n: number) => ({ state: 'file' as const, id: `b${n}`, content: new Uint8Array(100) });
    cache.set('r1', 'a', file(1));
    cache.set('r2', 'a', { state: 'unreadable' });
    cache.set('r3', 'a', { state: 'absent' });
    assert.deepEqual(cache.get('r1', 'a'), file(1));
    assert.equal(cache.get('r1', 'b'), undefined, 'per path');
    assert.equal(cache.get('r2', 'a'), undefined);
    assert.deepEqual(cache.get('r3', 'a'), { state: 'absent' });
    for (const n of [4, 5, 6, 7]) cache.set(`r${n}`, 'a', file(n));
    assert.equal(cache.get('r1', 'a'), undefined, 'the oldest went first');
    assert.deepEqual(cache.get('r7', 'a'), file(7));
  });
});
