import * as assert from 'node:assert/strict';
import type { LineProvenance } from '../../src/core/provenance/lineProvenance';
import { commandLink, hoverMarkdown, lineEditOf, lineMarks, markAt, shiftMarks } from '../../src/extension/agentChanges/lineMarks';

// Show Agent Changes: marks from line provenance, following edits, and the hover (escaped).

const call = (line: number, checkpoint: string, prompt: string | null = 'Before: "tidy"'): LineProvenance => ({
  kind: 'tool_call', plan_id: '01M8Y7PB8Z1X58897FW3ZMDVJJ', checkpoint_id: checkpoint, pre_write_checkpoint_id: null, source_tool: 'Edit', agent: 'claude-code', tool_use_id: 't', subagent: null, prompt_checkpoint_id: null, prompt, session_id: 'S1', input: 'notes/todo.txt',
  since: '2026-12-03T10:00:00.000Z', until: '2026-12-03T10:00:01.000Z', line, text: `l${line}`,
});
const mine = (line: number): LineProvenance => ({ kind: 'outside_tool_calls', plan_id: 'P', from_checkpoint_id: 'A', to_checkpoint_id: 'B', since: '2026-12-03T10:00:01.000Z', until: '2026-12-03T10:00:02.000Z', line, text: `l${line}` });
const old = (line: number): LineProvenance => ({ kind: 'before_checkpoints', until: null, line, text: `l${line}` });

describe('Show Agent Changes: line marks (extension/agentChanges/lineMarks.ts)', () => {
  const lines = [old(1), call(2, 'C1'), call(3, 'C1'), call(4, 'C1'), old(5), call(6, 'C2'), old(7), mine(8)];

  it('runs of one author; lines there before any checkpoint are unmarked', () => {
    assert.deepEqual(lineMarks(lines).map((m) => [m.start, m.end, m.group]), [[1, 4, 'agent'], [5, 6, 'agent'], [7, 8, 'user']]);
  });

  it('follows edits: lines added above move a mark down, an edit inside keeps the rest of the run', () => {
    const marks = lineMarks(lines);
    assert.deepEqual(shiftMarks(marks, { start: 0, end: 0, lines: 3 }).map((m) => [m.start, m.end]), [[3, 6], [7, 8], [9, 10]]);
    assert.deepEqual(shiftMarks(marks, { start: 2, end: 2, lines: 1 }).map((m) => [m.start, m.end]), [[1, 2], [3, 4], [5, 6], [7, 8]]);
    assert.deepEqual(shiftMarks(marks, { start: 4, end: 5, lines: 1 }).map((m) => [m.start, m.end]), [[1, 4], [6, 7]], 'a deleted line takes its mark with it');
    assert.equal(markAt(marks, 6), undefined);
    assert.equal(markAt(marks, 5)?.group, 'agent');
  });

  it('a change of whole lines (a line typed above, lines deleted) edits only those: the lines around it keep their marks', () => {
    const marks = lineMarks(lines);
    const at = (line: number, character: number) => ({ line, character });
    // A line typed at the start of line 2 (0-based 1), the agent's first line: the whole run moves down.
    const typed = lineEditOf({ start: at(1, 0), end: at(1, 0) }, 'mine\n');
    assert.deepEqual(typed, { start: 1, end: 0, lines: 1 });
    assert.deepEqual(shiftMarks(marks, typed).map((m) => [m.start, m.end]), [[2, 5], [6, 7], [8, 9]]);
    // Typed inside the run: split around the new line.
    assert.deepEqual(shiftMarks(marks, lineEditOf({ start: at(2, 0), end: at(2, 0) }, 'a\nb\n')).map((m) => [m.start, m.end]), [[1, 2], [4, 6], [7, 8], [9, 10]]);
    // Lines 3–4 (0-based 2–3) deleted whole: the run keeps line 2 only, the rest moves up.
    assert.deepEqual(shiftMarks(marks, lineEditOf({ start: at(2, 0), end: at(4, 0) }, '')).map((m) => [m.start, m.end]), [[1, 2], [3, 4], [5, 6]]);
    // A character typed in a line: that line is edited (unmarked until worked out again).
    assert.deepEqual(lineEditOf({ start: at(2, 3), end: at(2, 3) }, 'x'), { start: 2, end: 2, lines: 1 });
    assert.deepEqual(shiftMarks(marks, lineEditOf({ start: at(2, 3), end: at(2, 3) }, 'x')).map((m) => [m.start, m.end]), [[1, 2], [3, 4], [5, 6], [7, 8]]);
  });

  it('the hover: agent, session, prompt escaped, tool call, time, decision, and the three links', () => {
    const mark = lineMarks([call(1, 'C1', 'Before: "*bold* [x](command:evil)"')])[0]!;
    const md = hoverMarkdown(mark, { now: new Date('2026-12-03T10:05:00.000Z'), relative: () => '5 minutes ago', decision: { title: 'Use <b>', rationale: 'because_' }, links: { reveal: commandLink('a.reveal', ['f', 'p']), undo: commandLink('a.undo', [{ path: 'f.txt' }]) }, short: (id) => `s${id}`, planTitle: 'Claude Code: tidy *notes*' });
    assert.match(md, /^\*\*Agent change\*\*: Claude Code\n/);
    assert.match(md, /- Prompt: Before: "\\\*bold\\\* \\\[x\\\]\\\(command:evil\\\)"\n/, 'workspace text cannot make a link');
    assert.match(md, /- Session: Claude Code: tidy \\\*notes\\\* `s01M8Y7PB8Z1X58897FW3ZMDVJJ`\n/, 'the title escaped, the short id');
    assert.match(md, /- Tool call: Edit `sC1`\n/);
    assert.match(md, /- Decision: Use \\<b\\>\n- Rationale: because\\_\n/);
    assert.match(md, /\n\n\[Show Checkpoint\]\(command:a\.reveal\?%5B%22f%22%2C%22p%22%5D\) · \[Undo This Change\]\(command:a\.undo\?/);
  });
});
