import * as assert from 'node:assert/strict';
import type { AgentOnlyPreview } from '../../src/core/agentOnlyRollback';
import type { UndoneWork } from '../../src/core/undoneWork';
import { KEEP_MINE_HINT, agentOnlyConfirmation, agentOnlyConflictQuestion, rollbackConfirmation, takesMarkers, takesOthersWork } from '../../src/extension/rollback/rollbackText';

// What VS Code's dialogs say before a restore that takes the user's edits, and when Keep Mine
// cannot go ahead: plain text functions, the same the extension shows.

describe('restore dialogs: whose work a restore takes, and Keep Mine', () => {
  const outside: UndoneWork = {
    kind: 'outside_tool_calls',
    plan_id: '01JDQ8Z5Y8N9T0W1X2Y3Z4A5B6',
    decision_id: null,
    title: 'you, or another program',
    paths: ['notes.md', 'src/index.js'],
    since: '2026-12-03T12:01:02.345Z',
    until: null,
  };
  const other: UndoneWork = { kind: 'plan', plan_id: '01JDQ8Z5Y8N9T0W1X2Y3Z4A5B7', decision_id: null, title: 'Write the guide', paths: ['CONTRIBUTING.md'] };
  const changes = [
    { path: 'CONTRIBUTING.md', change: 'modified' as const },
    { path: 'notes.md', change: 'modified' as const },
    { path: 'src/index.js', change: 'modified' as const },
  ];

  it('Restore to Before This Prompt names the edits made outside tool calls, per path and when, and says what Keep Mine would do', () => {
    const text = rollbackConfirmation({ planTitle: 'Claude Code: Add a greeting', checkpointLabel: 'Before: "Add a greeting"', checkpointTaken: '5 min ago', changes, undo: false, undone: [other, outside] });
    assert.ok(text.detail.includes('This also undoes later work of another plan, and edits made outside tool calls, on the same files:'), text.detail.join('\n'));
    assert.ok(text.detail.includes('• plan “Write the guide”, 1 path: CONTRIBUTING.md'), text.detail.join('\n'));
    assert.ok(text.detail.includes('• edits made outside tool calls (you, or another program) between 2026-12-03 12:01:02 and now, 2 paths: notes.md, src/index.js'), text.detail.join('\n'));
    assert.ok(text.detail.includes(KEEP_MINE_HINT));
    assert.equal(takesOthersWork([outside]), true);
    assert.equal(takesOthersWork([{ ...other, kind: 'decision', decision_id: '01JDQ8Z5Y8N9T0W1X2Y3Z4A5B8' }]), false, 'a decision of the same plan is the agent’s own: no Keep Mine for it');
    const undo = rollbackConfirmation({ planTitle: 'p', checkpointLabel: 'x', checkpointTaken: 'just now', changes, undo: true, undone: [outside] });
    assert.ok(!undo.detail.includes(KEEP_MINE_HINT), 'an undo puts back what was there: no Keep Mine');
  });

  it('of 20,000 edits, names the first ten and counts the rest', () => {
    const paths = Array.from({ length: 20_000 }, (_, i) => `gen/f${String(i).padStart(5, '0')}.txt`);
    const text = rollbackConfirmation({ planTitle: 'p', checkpointLabel: 'x', checkpointTaken: 'just now', changes, undo: false, undone: [{ ...outside, paths }] });
    const line = text.detail.find((l) => l.startsWith('• edits made outside tool calls'))!;
    assert.match(line, /, 20,000 paths: gen\/f00000\.txt, .*gen\/f00009\.txt and 19,990 more$/);
    assert.ok(!line.includes('gen/f00010.txt'));
  });

  const preview = (over: Partial<AgentOnlyPreview['summary']>): AgentOnlyPreview => ({
    changes: [{ path: 'src/index.js', change: 'modified' }],
    summary: { mode: 'agent_only', scope: 'session', tool_calls: 2, kept: [], kept_reasons: [], merged: [], conflicts: [], conflict_markers: [], unclosed: [], ...over },
  });

  it('Keep Mine says whose each kept path is, and a merged path is not also kept', () => {
    const text = agentOnlyConfirmation({
      planTitle: 'p',
      checkpointLabel: 'C',
      checkpointTaken: 'now',
      preview: preview({
        scope: 'prompt',
        kept: ['CONTRIBUTING.md', 'notes.md', 'x'],
        kept_reasons: [
          { path: 'CONTRIBUTING.md', reason: 'other_session', plan_id: other.plan_id },
          { path: 'notes.md', reason: 'outside_tool_calls' },
          { path: 'x', reason: 'unknown', unknown: 'unclosed' },
        ],
        merged: ['src/index.js'],
      }),
    });
    assert.equal(text.message, 'Undo the agent’s changes in this prompt to “p” since “C”, keeping yours?');
    assert.equal(text.detail[0], '1 path of the agent’s changes (2 tool calls) will be undone; 3 paths that are not the agent’s will be kept (1 yours, 1 another session’s, 1 unknown).');
    for (const l of ['keep     CONTRIBUTING.md (another session’s)', 'keep     notes.md (yours)', 'keep     x (unknown)', 'merge    src/index.js']) assert.ok(text.detail.includes(l), l);
    assert.ok(!text.detail.some((l) => l.startsWith('keep     src/index.js')));
  });

  it('a conflict names the paths and the ways on, and says nothing was written', () => {
    const text = agentOnlyConflictQuestion('p', 'C', preview({ conflicts: [{ path: 'src/index.js', reason: 'lines' }] }));
    assert.equal(text.message, 'The agent’s changes to “p” since “C” cannot be undone alone: 1 path was changed both by the agent and by someone else.');
    assert.equal(text.detail[0], 'src/index.js: the same lines were changed by the agent and by someone else');
    assert.match(text.detail.at(-1)!, /^Nothing has been written\. Preview the full rollback, roll back fully .*, or restore only the paths you choose; or write these files with conflict markers around both versions, to settle by editing them\.$/);
    assert.equal(takesMarkers(preview({ conflicts: [{ path: 'src/index.js', reason: 'lines' }] })), true);
    // A binary file cannot take markers: the way is not offered while one conflicts.
    const binary = preview({ conflicts: [{ path: 'src/index.js', reason: 'lines' }, { path: 'logo.png', reason: 'binary' }] });
    assert.equal(takesMarkers(binary), false);
    assert.match(agentOnlyConflictQuestion('p', 'C', binary).detail.at(-1)!, /, or restore only the paths you choose\.$/);
  });

  it('Keep Mine with conflict markers lists the files that will hold them', () => {
    const text = agentOnlyConfirmation({ planTitle: 'p', checkpointLabel: 'C', checkpointTaken: 'now', preview: preview({ conflict_markers: ['src/index.js'] }) });
    const at = text.detail.indexOf('Written with conflict markers (the agent and someone else changed the same lines; edit each to settle it):');
    assert.ok(at > 0, text.detail.join('\n'));
    assert.equal(text.detail[at + 1], 'markers  src/index.js');
  });
});
