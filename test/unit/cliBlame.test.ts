import * as assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as z from 'zod';
import { ensureCliBuilt, runCli, ok } from './helpers/cliHarness';
import { git, hashTree, write } from './helpers/sandboxFixtures';
import { claudeHook } from './helpers/claudeHooks';
import { useTempDirs } from './helpers/tempDir';

// `agents blame` and `agents log` end to end (issue 37): Claude Code's hook events on stdin of the
// built CLI, the user's own edits between tool calls, a real shadow store and a real git repository.

const lines = (...l: string[]): string => l.map((x) => `${x}\n`).join('');
const twenty = (): string[] => Array.from({ length: 20 }, (_, i) => `line ${i + 1} of the file as it was`);

/** A Claude Code session as its hooks see it: prompts and fenced tool calls, each a new process with the event on stdin. */
function session(root: string, id: string) {
  let n = 0;
  const call = (event: Record<string, unknown>): void => {
    claudeHook(root, id, event);
  };
  const base = (file: string, useId: string) => ({ tool_name: 'Edit', tool_use_id: useId, tool_input: { file_path: path.join(root, file) } });
  return {
    prompt: (prompt: string) => call({ hook_event_name: 'UserPromptSubmit', prompt }),
    /** One tool call: PreToolUse, its writes, PostToolUse; its tool_use_id. */
    tool: (file: string, writes: () => void): string => {
      const useId = `toolu_${id}_${++n}`;
      call({ hook_event_name: 'PreToolUse', ...base(file, useId) });
      writes();
      call({ hook_event_name: 'PostToolUse', ...base(file, useId), tool_response: {} });
      return useId;
    },
    /** A tool call whose PostToolUse never comes (a missed fence). */
    unclosed: (file: string, writes: () => void): void => {
      call({ hook_event_name: 'PreToolUse', ...base(file, `toolu_${id}_${++n}`) });
      writes();
    },
  };
}

const Stretch = { plan_id: z.string(), from_checkpoint_id: z.string(), to_checkpoint_id: z.string().nullable(), since: z.string(), until: z.string().nullable() };
const Author = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('tool_call'),
    plan_id: z.string(),
    checkpoint_id: z.string(),
    pre_write_checkpoint_id: z.string().nullable(),
    source_tool: z.string().nullable(),
    agent: z.string().nullable(),
    session_id: z.string().nullable(),
    tool_use_id: z.string().nullable(),
    subagent: z.string().nullable(),
    input: z.string().nullable(),
    prompt_checkpoint_id: z.string().nullable(),
    prompt: z.string().nullable(),
    since: z.string(),
    until: z.string(),
  }).strict(),
  z.object({ kind: z.literal('outside_tool_calls'), who: z.literal('you, or another program'), ...Stretch }).strict(),
  z.object({ kind: z.literal('unknown'), reason: z.enum(['unclosed', 'unpaired', 'late', 'unfenced', 'unreadable']), ...Stretch }).strict(),
  z.object({ kind: z.literal('before_checkpoints'), until: z.string().nullable(), git: z.object({ commit: z.string().regex(/^[0-9a-f]{40}$/), author: z.string(), author_time: z.string(), summary: z.string() }).strict().nullable() }).strict(),
]);
const Line = z.intersection(z.object({ line: z.number().int().positive().nullable(), text: z.string().nullable() }), Author);
const BlameEnvelope = z.object({ blame: z.object({ path: z.string(), binary: z.boolean(), plan_ids: z.array(z.string()), lines: z.array(Line) }).strict() }).strict();
type BlameLine = z.infer<typeof Line>;
const Change = z.intersection(
  z.object({ change: z.enum(['added', 'modified', 'deleted']), diff: z.string().optional() }),
  z.union([Author, z.object({ kind: z.literal('restore'), restored_from: z.string().nullable(), ...Stretch }).strict()]),
);
const LogEnvelope = z.object({ log: z.object({ path: z.string(), plan_ids: z.array(z.string()), changes: z.array(Change) }).strict() }).strict();

describe('agents blame and agents log (the built CLI, hook events, a real store)', function () {
  this.timeout(600_000);
  const tempDir = useTempDirs('ca-cli-blame-');
  before(function () {
    this.timeout(180_000);
    ensureCliBuilt();
  });
  const blame = (root: string, ...args: string[]) => BlameEnvelope.parse(ok(runCli(root, ['--format', 'json', 'blame', ...args])).json()).blame;
  const log = (root: string, ...args: string[]) => LogEnvelope.parse(ok(runCli(root, ['--format', 'json', 'log', ...args])).json()).log;
  const kinds = (l: readonly BlameLine[]) => l.map((x) => (x.kind === 'tool_call' ? `call ${x.tool_use_id}` : x.kind));
  type Cp = { checkpoint_id: string; checkpoint_type: string; metadata: { reason: string | null; extra: Record<string, string> } };
  const checkpoints = (root: string, planId: string): Cp[] => ok(runCli(root, ['--format', 'json', 'plan', 'checkpoints', planId])).json<{ checkpoints: Cp[] }>().checkpoints;
  const planIds = (root: string): string[] => ok(runCli(root, ['--format', 'json', 'plan', 'list'])).json<{ plans: { plan_id: string }[] }>().plans.map((p) => p.plan_id);

  /** A git workspace with a 20-line file; an agent edits lines 2–4, the user line 18, the agent line 10. */
  function doneWhen() {
    const root = tempDir();
    write(root, 'src/file.txt', lines(...twenty()));
    git(root, 'init', '-q');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'the start');
    const one = session(root, 'one');
    one.prompt('Fix the start of the file');
    let text = twenty();
    const first = one.tool('src/file.txt', () => {
      text = text.map((l, i) => (i >= 1 && i <= 3 ? `${l}, fixed by the agent` : l));
      write(root, 'src/file.txt', lines(...text));
    });
    text = text.map((l, i) => (i === 17 ? 'line 18, written by me' : l));
    write(root, 'src/file.txt', lines(...text));
    const second = one.tool('src/file.txt', () => {
      text = text.map((l, i) => (i === 9 ? 'line 10, the agent’s second call' : l));
      write(root, 'src/file.txt', lines(...text));
    });
    return { root, first, second, text, plan: planIds(root)[0]! };
  }

  it('Done when: lines 2–4 the first call, line 10 the second, line 18 outside tool calls, the rest before checkpoints (with what git says)', () => {
    const { root, first, second, text, plan } = doneWhen();
    const b = blame(root, 'src/file.txt');
    assert.equal(b.path, 'src/file.txt');
    assert.equal(b.binary, false);
    assert.deepEqual(b.plan_ids, [plan]);
    const expected = twenty().map((): string => 'before_checkpoints');
    [1, 2, 3].forEach((i) => (expected[i] = `call ${first}`));
    expected[9] = `call ${second}`;
    expected[17] = 'outside_tool_calls';
    assert.deepEqual(kinds(b.lines), expected);
    assert.deepEqual(b.lines.map((l) => l.text), text);
    assert.deepEqual(b.lines.map((l) => l.line), text.map((_, i) => i + 1));

    const cps = checkpoints(root, plan);
    const post = cps.find((c) => c.checkpoint_type === 'post_step' && c.metadata.extra.tool_use_id === first)!;
    const prompt = cps.find((c) => c.metadata.reason === 'Before: "Fix the start of the file"')!;
    const line2 = b.lines[1]!;
    assert.ok(line2.kind === 'tool_call');
    assert.equal(line2.plan_id, plan);
    assert.equal(line2.checkpoint_id, post.checkpoint_id, 'the post_step that recorded it');
    assert.equal(line2.source_tool, 'Edit');
    assert.equal(line2.agent, 'claude-code');
    assert.equal(line2.session_id, 'one');
    assert.equal(line2.input, 'src/file.txt');
    assert.equal(line2.prompt_checkpoint_id, prompt.checkpoint_id);
    assert.equal(line2.prompt, 'Before: "Fix the start of the file"');
    const line18 = b.lines[17]!;
    assert.ok(line18.kind === 'outside_tool_calls');
    assert.ok(line18.since < line18.until!, 'a time range');
    const head = git(root, 'rev-parse', 'HEAD').trim();
    const line1 = b.lines[0]!;
    assert.ok(line1.kind === 'before_checkpoints');
    assert.deepEqual(line1.git && { commit: line1.git.commit, author: line1.git.author, summary: line1.git.summary }, { commit: head, author: 't', summary: 'the start' });

    const shown = ok(runCli(root, ['blame', 'src/file.txt'])).stdout.split('\n');
    assert.equal(shown.length, 21, 'a line per line, and the last break');
    const short = (id: string) => new RegExp(`^[0-9A-Z]{4,16}\\b`).exec(id)?.[0];
    assert.ok(post.checkpoint_id.endsWith(short(shown[1]!)!), `line 2 starts with the short id of its post_step: ${shown[1]}`);
    assert.match(shown[1]!, /\(claude-code Edit +\d{4}-\d\d-\d\d \d\d:\d\d:\d\d +2\) line 2 of the file as it was, fixed by the agent$/);
    assert.match(shown[17]!, /^outside +\(you, or another program +\d{4}-.* – \d{4}-.* 18\) line 18, written by me$/);
    assert.match(shown[0]!, new RegExp(`^\\^${head.slice(0, 8)} +\\(t +\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d +1\\) line 1 `));

    // From a folder below the workspace, the path is relative to it.
    const fromSrc = BlameEnvelope.parse(ok(runCli(path.join(root, 'src'), ['--workspace', root, '--format', 'json', 'blame', 'file.txt'])).json()).blame;
    assert.deepEqual(kinds(fromSrc.lines), expected);
  });

  it('log: the file’s changes newest first, each with its tool call or "outside tool calls", and a diff with -p', () => {
    const { root, first, second } = doneWhen();
    const l = log(root, 'src/file.txt');
    assert.deepEqual(l.changes.map((c) => (c.kind === 'tool_call' ? c.tool_use_id : c.kind)), [second, 'outside_tool_calls', first]);
    assert.ok(l.changes.every((c) => c.change === 'modified' && c.diff === undefined));
    const p = log(root, 'src/file.txt', '-p');
    assert.match(p.changes[1]!.diff!, /^--- a\/src\/file\.txt\n\+\+\+ b\/src\/file\.txt\n@@ -15,6 \+15,6 @@\n line 15[^\n]*\n line 16[^\n]*\n line 17[^\n]*\n-line 18 of the file as it was\n\+line 18, written by me\n line 19/);
    const text = ok(runCli(root, ['log', '-p', 'src/file.txt'])).stdout;
    assert.match(text, /^modified src\/file\.txt +[0-9A-Z]{4,16}\n {2}by: {3}claude-code Edit \(tool call\)\n/);
    assert.match(text, /\n\nmodified src\/file\.txt +outside\n {2}by: {3}you, or another program\n/);
    assert.match(text, /\n {4}-line 10 of the file as it was\n {4}\+line 10, the agent’s second call\n/);
  });

  it('the attributions kept in the store’s area: read by the next call, gone on from after a new checkpoint; a damaged or unwritable cache changes no answer', () => {
    const { root, plan, text } = doneWhen();
    // In this process, not the resident one (which keeps its answers in memory).
    const own = { env: { CLEVERAGENTS_NO_DAEMON: '1' } };
    const blameHere = () => BlameEnvelope.parse(ok(runCli(root, ['--format', 'json', 'blame', 'src/file.txt'], own)).json()).blame;
    const cacheDir = path.join(root, '.cleveragents', 'checkpoints', 'blame');
    const first = blameHere();
    const kept = readdirSync(cacheDir);
    assert.equal(kept.length, 1, 'one plan, one attribution kept');
    assert.deepEqual(blameHere(), first);
    // The next call reads what was kept: tokens all 0 (the base) make every line "before checkpoints".
    const file = path.join(cacheDir, kept[0]!);
    const good = readFileSync(file, 'utf8');
    const parsed = JSON.parse(good) as { tokens: number[] };
    writeFileSync(file, JSON.stringify({ ...parsed, tokens: parsed.tokens.map(() => 0) }));
    assert.deepEqual(new Set(blameHere().lines.map((l) => l.kind)), new Set(['before_checkpoints']));
    writeFileSync(file, good);
    // The user edits line 15 and takes a checkpoint: the answer goes on from the kept attribution,
    // and is the one worked out from the first checkpoint.
    write(root, 'src/file.txt', lines(...text.map((l, i) => (i === 14 ? 'line 15, mine too' : l))));
    ok(runCli(root, ['plan', 'checkpoint', plan, '--reason', 'mine'], own));
    const resumed = blameHere();
    assert.equal(resumed.lines[14]!.kind, 'outside_tool_calls');
    assert.equal(readdirSync(cacheDir).length, 2, 'the new checkpoint’s attribution is kept too');
    rmSync(cacheDir, { recursive: true });
    assert.deepEqual(blameHere(), resumed);
    // Damaged files (not JSON; another key; tokens that cannot be this version's): worked out again.
    for (const name of readdirSync(cacheDir)) writeFileSync(path.join(cacheDir, name), '{not json');
    assert.deepEqual(blameHere(), resumed);
    for (const name of readdirSync(cacheDir)) writeFileSync(path.join(cacheDir, name), JSON.stringify({ version: 1, key: 'another', tokens: [] }));
    assert.deepEqual(blameHere(), resumed);
    // Written by another version of the rules (its own key, tokens that would all say "before
    // checkpoints"): not read.
    for (const name of readdirSync(cacheDir)) {
      const f = path.join(cacheDir, name);
      const k = JSON.parse(readFileSync(f, 'utf8')) as { key: string };
      writeFileSync(f, JSON.stringify({ version: 2, key: k.key, tokens: resumed.lines.map(() => 0) }));
    }
    assert.deepEqual(blameHere(), resumed);
    for (const name of readdirSync(cacheDir)) {
      const f = path.join(cacheDir, name);
      const k = JSON.parse(readFileSync(f, 'utf8')) as { key: string };
      writeFileSync(f, JSON.stringify({ version: 1, key: k.key, tokens: [1e6, 2] }));
    }
    assert.deepEqual(blameHere(), resumed);
    // A file where the folder should be: nothing is kept, the answer is the same.
    rmSync(cacheDir, { recursive: true });
    writeFileSync(cacheDir, 'not a folder');
    assert.deepEqual(blameHere(), resumed);
    assert.equal(readFileSync(cacheDir, 'utf8'), 'not a folder');
  });

  it('a block the user moves within the file keeps the agent as its author', () => {
    const root = tempDir();
    const start = ['const a = 1;', 'const b = 2;', 'const c = 3;', 'export { a, b, c };'];
    write(root, 'm.js', lines(...start));
    const one = session(root, 'move');
    one.prompt('Add a helper');
    const helper = ['function helper(value) {', '  return value * 2;', '}'];
    const call = one.tool('m.js', () => write(root, 'm.js', lines(...start.slice(0, 3), ...helper, start[3]!)));
    // The user moves the helper to the top.
    write(root, 'm.js', lines(...helper, ...start));
    assert.deepEqual(kinds(blame(root, 'm.js').lines), [`call ${call}`, `call ${call}`, `call ${call}`, 'before_checkpoints', 'before_checkpoints', 'before_checkpoints', 'before_checkpoints']);
  });

  it('a binary file is one entry, not lines', () => {
    const root = tempDir();
    write(root, 'logo.bin', Buffer.from([0, 1, 2, 3, 0, 255]));
    const one = session(root, 'bin');
    one.prompt('Make the logo');
    const call = one.tool('logo.bin', () => write(root, 'logo.bin', Buffer.from([0, 9, 9, 9, 0, 255, 7])));
    const b = blame(root, 'logo.bin');
    assert.equal(b.binary, true);
    assert.deepEqual(kinds(b.lines), [`call ${call}`]);
    assert.equal(b.lines[0]!.line, null);
    assert.match(ok(runCli(root, ['blame', 'logo.bin'])).stdout, /^[0-9A-Z]{4,16} \(claude-code Edit \d{4}-.*\) binary file logo\.bin\n$/);
  });

  it('a missed fence: the lines written since the pre_write without its post_step are unknown, never guessed', () => {
    const root = tempDir();
    write(root, 'u.txt', lines('one', 'two', 'three'));
    const one = session(root, 'miss');
    one.prompt('Change two');
    // The user's edit first, so that the tool call's pre_write is taken (the hooks skip one that
    // would find nothing changed: see docs/PROVENANCE.md, what stays unknown).
    write(root, 'u.txt', lines('one', 'two', 'three, mine'));
    one.unclosed('u.txt', () => write(root, 'u.txt', lines('one', 'two, changed', 'three, mine')));
    one.prompt('Next');
    const b = blame(root, 'u.txt');
    assert.deepEqual(kinds(b.lines), ['before_checkpoints', 'unknown', 'outside_tool_calls']);
    assert.ok(b.lines[1]!.kind === 'unknown' && b.lines[1]!.reason === 'unclosed');
    assert.match(ok(runCli(root, ['blame', 'u.txt'])).stdout.split('\n')[1]!, /^unknown \(unknown: a tool call’s fence was missed \(no post_step\) .* 2\) two, changed$/);
  });

  it('--plan narrows to one plan: another session’s tool call is then "outside tool calls"; a plan that is not there is an error', () => {
    const { root, first, plan, text } = doneWhen();
    const two = session(root, 'two');
    two.prompt('Finish the file');
    const theirs = two.tool('src/file.txt', () => write(root, 'src/file.txt', lines(...text.slice(0, 19), 'line 20, by session two')));
    const other = planIds(root).find((p) => p !== plan)!;
    const all = blame(root, 'src/file.txt');
    assert.equal(kinds(all.lines)[19], `call ${theirs}`);
    assert.equal(kinds(all.lines)[1], `call ${first}`);
    assert.deepEqual(all.plan_ids, [plan, other]);
    const mine = blame(root, 'src/file.txt', '--plan', plan);
    assert.deepEqual(mine.plan_ids, [plan]);
    assert.equal(kinds(mine.lines)[19], 'outside_tool_calls');
    assert.equal(kinds(mine.lines)[1], `call ${first}`);
    const theirsOnly = blame(root, 'src/file.txt', '--plan', other.slice(-6));
    assert.equal(kinds(theirsOnly.lines)[19], `call ${theirs}`);
    assert.equal(kinds(theirsOnly.lines)[1], 'before_checkpoints', 'before that plan’s first checkpoint');
    const missing = runCli(root, ['--format', 'json', 'blame', 'src/file.txt', '--plan', '01ARZ3NDEKTSV4RRFFQ69G5FAV']);
    assert.equal(missing.code, 1);
    assert.equal(missing.json<{ error: { type: string } }>().error.type, 'NotFound');
  });

  it('a path outside the folder, through a link, or not there: a clear error, and nothing changes', () => {
    const { root } = doneWhen();
    const outside = tempDir();
    write(outside, 'secret.txt', lines('secret'));
    symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'link.txt'));
    mkdirSync(path.join(root, 'inner'));
    symlinkSync(path.join(root, 'src'), path.join(root, 'inner', 'src'));
    const before = hashTree(root);
    const cases: [string[], RegExp][] = [
      [['blame', '../x.txt'], /is not a file inside the workspace folder/],
      [['blame', path.join(outside, 'secret.txt')], /is not a file inside the workspace folder/],
      [['blame', 'link.txt'], /"link\.txt" is a symbolic link/],
      [['blame', 'inner/src/file.txt'], /"inner\/src" is a symbolic link/],
      [['log', 'link.txt'], /"link\.txt" is a symbolic link/],
      [['blame', 'src'], /"src" is not a regular file/],
      [['blame', 'nothing.txt'], /Not found: file nothing\.txt/],
    ];
    for (const [args, message] of cases) {
      const r = runCli(root, args);
      assert.equal(r.code, 1, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, message, args.join(' '));
      assert.equal(r.stdout, '');
      const j = runCli(root, ['--format', 'json', ...args]);
      assert.equal(j.code, 1);
      assert.match(j.json<{ error: { type: string; message: string } }>().error.message, message);
    }
    const usage = runCli(root, ['blame']);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /"blame" needs <path>\nRun "agents blame --help" for its usage\./);
    assert.equal(runCli(root, ['blame', '-p', 'src/file.txt']).code, 2, '-p is log’s');
    assert.match(ok(runCli(root, ['blame', '--help'])).stdout, /^Usage: agents blame <path> \[--plan <plan_id>\]\n/);
    assert.match(ok(runCli(root, ['log', '-h'])).stdout, /^Usage: agents log <path> \[--plan <plan_id>\] \[-p\|--patch\]\n/);
    assert.match(ok(runCli(root, ['--help'])).stdout, /"agents blame <path>" says who wrote each line/);
    assert.deepEqual(hashTree(root), before, 'nothing changed');
  });
});
