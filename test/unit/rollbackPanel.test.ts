import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { rollbackEnvelope } from '../../src/envelopes/envelopes';
import type { Checkpoint } from '../../src/core/checkpoint';
import type { Plan } from '../../src/core/plan';
import type { RollbackOutcome } from '../../src/core/rollbackResult';
import { chooseActivePlan } from '../../src/extension/statusBar/activePlan';
import { checkpointFileText, formatCheckpointLocation, parseCheckpointLocation } from '../../src/extension/checkpointDocuments/checkpointUris';
import { parsePageMessage, parsePanelState } from '../../src/extension/rollback/panel/panelSchemas';
import { comparisonState, outcomeOfState, panelJson, rollbackState, sidesOf } from '../../src/extension/rollback/panel/panelStates';
import { makeNonce, panelHtml } from '../../src/extension/rollback/panel/panelHtml';
import { parseRollbackSettings } from '../../src/extension/rollback/rollbackSettings';
import { agentOnlyConfirmation, countsSentence, listPaths, rollbackConfirmation, unsavedEditorsError, unsavedEditorsQuestion } from '../../src/extension/rollback/rollbackText';
import type { PanelState } from '../../src/webview/protocol';
import { PAGE_ROWS, announcement, escapeHtml, filterChanges, groupByFolder, renderPanel } from '../../src/webview/render';
import { naturalCompare } from '../../src/core/displayText';
import { ShortIds, type IdSources } from '../../src/core/shortIds';
import { withShortIds } from '../../src/extension/rollback/panel/panelShortIds';

const PLAN_ID = '01JDQ8Z5Y8N9T0W1X2Y3Z4A5B6';
const CP1 = '01JDQ8Z5Y8N9T0W1X2Y3Z4A5C1';
const CP2 = '01JDQ8Z5Y8N9T0W1X2Y3Z4A5C2';
const SAFETY = '01JDQ8Z5Y8N9T0W1X2Y3Z4A5S9';
const EVIL = '<img src=x onerror=alert(1)>.txt';

function plan(overrides: Partial<Plan> = {}): Plan {
  return {
    plan_id: PLAN_ID,
    title: 'Refactor <the> "parser"',
    state: 'executing',
    sandbox_path: '.',
    sandbox_kind: 'in_place',
    base_ref: null,
    retention: { max_checkpoints: 50, auto_prune: true },
    created_at: '2026-11-29T09:00:00.000Z',
    updated_at: '2026-11-29T09:00:00.000Z',
    ...overrides,
  };
}

function checkpoint(id: string, reason: string | null = 'Before the <script> change'): Checkpoint {
  return {
    checkpoint_id: id,
    plan_id: PLAN_ID,
    sandbox_ref: 'a'.repeat(40),
    decision_id: null,
    checkpoint_type: 'manual',
    resource_id: null,
    filesystem_path: `pins/${id}`,
    size_bytes: 10,
    created_at: '2026-11-29T09:46:32.123Z',
    metadata: { reason, source_tool: null, phase: null, extra: {}, file_count: 3, skipped: [] },
  };
}

const outcome: RollbackOutcome = {
  plan_id: PLAN_ID,
  result: {
    restored_files_count: 4,
    changed_paths: [
      { path: 'src/b.js', change: 'modified' },
      { path: EVIL, change: 'deleted' },
      { path: 'src/a.js', change: 'added' },
      { path: 'src/deep/x.js', change: 'modified' },
    ],
    from_checkpoint_id: CP1,
  },
  undo_checkpoint_id: SAFETY,
  elapsed_seconds: 0.042,
};

const folder = { uri: 'file:///work/ws', name: 'ws' };
const now = new Date('2026-11-29T10:00:00.000Z');
const rolledBack = (): PanelState => rollbackState({ folder, plan: plan(), target: checkpoint(CP1), outcome, undo: false, now });

describe('rollback panel: markup', () => {
  it('escapes every character that matters in HTML text and attributes', () => {
    assert.equal(escapeHtml(`<a href="x" onclick='y'>&\`</a>`), '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&#96;&lt;/a&gt;');
  });

  it('a file named <img src=x onerror=alert(1)>.txt shows as text, never as markup', () => {
    const html = renderPanel(rolledBack(), false, true);
    assert.ok(!html.includes('<img'), 'no img element');
    assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt;.txt'), 'shown escaped');
    assert.ok(html.includes(`data-path="${escapeHtml(EVIL)}"`));
    // titles and labels from the database too
    assert.ok(!html.includes('<the>') && !html.includes('<script>'));
    assert.ok(html.includes('Refactor &lt;the&gt; &quot;parser&quot;'));
  });

  it('for any path, the rendered panel holds no tag or attribute the path brought', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !s.includes('\0') && !s.startsWith('/') && !s.split('/').includes('..') && !s.split('/').includes('')), (name) => {
        const state: PanelState = { ...rolledBack(), changes: [{ path: name, change: 'modified' }] };
        const html = renderPanel(state, false, true);
        const tags = html.match(/<[a-z][a-z0-9]*/gi) ?? [];
        const allowed = new Set(['<header', '<h1', '<p', '<strong', '<table', '<tbody', '<tr', '<th', '<td', '<span', '<code', '<div', '<button', '<section', '<h3', '<ul', '<li', '<input']);
        for (const t of tags) assert.ok(allowed.has(t.toLowerCase()), `unexpected ${t} for ${JSON.stringify(name)}`);
        assert.ok(!/\son[a-z]+=/i.test(html.replace(/="[^"]*"/g, '=""')), 'no event handler attribute');
      }),
      { numRuns: 300 },
    );
  });

  it('20,000 paths: a page of rows is drawn, in natural order (file2 before file10), with the count and Show more', () => {
    const changes = Array.from({ length: 20_000 }, (_, i) => ({ path: `big/file${19_999 - i}.txt`, change: 'modified' as const }));
    const state: PanelState = { ...rolledBack(), changes, rollback: { ...rolledBack().rollback!, restoredFilesCount: 20_000 } };
    const html = renderPanel(state, false, true);
    const drawn = [...html.matchAll(/data-path="([^"]*)"/g)].map((m) => m[1]);
    assert.equal(drawn.length, PAGE_ROWS);
    assert.deepEqual(drawn.slice(0, 4), ['big/file0.txt', 'big/file1.txt', 'big/file2.txt', 'big/file3.txt']);
    assert.ok(drawn.indexOf('big/file2.txt') < drawn.indexOf('big/file10.txt'), 'file2 before file10');
    assert.match(html, /Showing 500 of 20,000 paths/);
    assert.match(html, /data-action="more"[^>]*>Show 500 more</);
    // Every count of the panel is written the same way: the badge, the summary, the folder's row count.
    assert.match(html, /<\/span>20,000 modified<\/span>/);
    assert.match(html, /<th scope="row">Files affected<\/th><td>20,000<\/td>/);
    assert.match(html, /big\/<span class="muted"> 20,000<\/span>/, "the folder heading counts all its paths, not the page drawn");
    assert.equal(announcement(state, false), 'Rollback complete: 20,000 files changed.');
    assert.ok(!/\b20000\b/.test(html), 'no count without its separator');
    const more = renderPanel(state, false, true, { filter: '', limit: PAGE_ROWS * 2 });
    assert.equal([...more.matchAll(/data-path=/g)].length, PAGE_ROWS * 2);
  });

  it('the filter keeps the paths that hold it (any case), says how many match, and says when none does', () => {
    const changes = Array.from({ length: 20_000 }, (_, i) => ({ path: `big/file${i}.txt`, change: 'modified' as const }));
    const state: PanelState = { ...rolledBack(), changes };
    const html = renderPanel(state, false, true, { filter: 'FILE1999', limit: PAGE_ROWS });
    const drawn = [...html.matchAll(/data-path="([^"]*)"/g)].map((m) => m[1]);
    assert.deepEqual(drawn, ['big/file1999.txt', 'big/file19990.txt', 'big/file19991.txt', 'big/file19992.txt', 'big/file19993.txt', 'big/file19994.txt', 'big/file19995.txt', 'big/file19996.txt', 'big/file19997.txt', 'big/file19998.txt', 'big/file19999.txt']);
    assert.match(html, /11 of 20,000 paths match/);
    assert.ok(!html.includes('data-action="more"'));
    assert.match(html, /value="FILE1999"/);
    assert.match(renderPanel(state, false, true, { filter: 'nothing-like-this', limit: PAGE_ROWS }), /No path matches the filter\./);
    assert.equal(filterChanges(changes, '  ').length, 20_000, 'blank: everything');
  });

  it('the filter box cannot carry markup in: what was typed is escaped in its value', () => {
    const html = renderPanel(rolledBack(), false, true, { filter: '"><img src=x onerror=alert(1)>', limit: PAGE_ROWS });
    assert.ok(!html.includes('<img'));
    assert.match(html, /value="&quot;&gt;&lt;img src=x onerror=alert\(1\)&gt;"/);
  });

  it('natural order: numbers inside names are counted, in folders too', () => {
    assert.deepEqual(['file10', 'file2', 'file1', 'File3'].sort(naturalCompare), ['file1', 'file2', 'File3', 'file10']);
    const groups = groupByFolder([
      { path: 'v10/a', change: 'added' },
      { path: 'v2/a', change: 'added' },
    ]);
    assert.deepEqual(groups.map((g) => g.folder), ['v2/', 'v10/']);
  });

  it('groups paths by folder: the top level first, then folders in order, files by name', () => {
    const groups = groupByFolder([
      { path: 'src/z.js', change: 'modified' },
      { path: 'README.md', change: 'modified' },
      { path: 'src/deep/x.js', change: 'added' },
      { path: 'src/a.js', change: 'deleted' },
      { path: 'docs/guide.md', change: 'added' },
    ]);
    assert.deepEqual(
      groups.map((g) => [g.folder, g.entries.map((e) => e.name)]),
      [
        ['', ['README.md']],
        ['docs/', ['guide.md']],
        ['src/', ['a.js', 'z.js']],
        ['src/deep/', ['x.js']],
      ],
    );
  });

  it('shows the envelope summary: plan, from checkpoint, files affected, time, undo checkpoint', () => {
    const html = renderPanel(rolledBack(), false, true);
    for (const text of ['Rollback complete', PLAN_ID, CP1, 'Files affected</th><td>4', '42 ms', SAFETY, 'Undo Rollback', 'Copy as JSON', 'Open All']) {
      assert.ok(html.includes(text), text);
    }
    assert.ok(html.includes('class="mark added"') && html.includes('class="mark modified"') && html.includes('class="mark deleted"'));
  });

  it('disables the buttons while busy, and hides Undo once undone', () => {
    assert.match(renderPanel(rolledBack(), true, true), /data-action="undo"[^>]*disabled/);
    const undone = { ...rolledBack(), rollback: { ...rolledBack().rollback!, undone: true } };
    assert.ok(!renderPanel(undone, false, true).includes('data-action="undo"'));
  });

  it('in Restricted Mode (or before the host said otherwise) neither Undo nor Rollback is offered, and the panel says why', () => {
    const preview = comparisonState({ mode: 'preview', folder, plan: plan(), from: checkpoint(CP1), changes: outcome.result.changed_paths, now });
    for (const state of [rolledBack(), preview]) {
      const html = renderPanel(state, false, false);
      assert.ok(!html.includes('data-action="undo"') && !html.includes('data-action="rollback"'), state.mode);
      assert.match(html, /Restricted Mode: rolling back and undoing/);
      assert.ok(html.includes('data-action="copyJson"'), 'what only reads stays');
    }
  });

  it('controls, bidi controls and line breaks in names and titles show as visible escapes; data-path keeps the real path', () => {
    const hostile = 'a\u202eexe.txt\r\x1b[2Jb\nc';
    const state: PanelState = { ...rolledBack(), plan: { ...rolledBack().plan, title: 'T\u2066x\u2069\x07' }, changes: [{ path: hostile, change: 'added' }] };
    const html = renderPanel(state, false, true);
    assert.ok(!/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u.test(html.replace(/data-path="[^"]*"/g, '')), 'nothing to interpret outside data-path');
    assert.ok(html.includes('a\\u202eexe.txt\\r\\e[2Jb\\nc'), 'the name, escaped');
    assert.ok(html.includes('T\\u2066x\\u2069\\a'), 'the title, escaped');
    assert.ok(html.includes(`data-path="${escapeHtml(hostile)}"`), 'the host gets the path back as it is');
  });

  it('announces each status in one sentence through a live region, not the whole panel', () => {
    assert.equal(announcement(rolledBack(), false), 'Rollback complete: 4 files changed.');
    assert.equal(announcement(rolledBack(), true), 'Working…');
    const compare = comparisonState({ mode: 'compareCurrent', folder, plan: plan(), from: checkpoint(CP1), changes: outcome.result.changed_paths.slice(0, 1), now });
    assert.equal(announcement(compare, false), 'Compare with current: 1 file differs.');
    const html = panelHtml({ cspSource: 'x', nonce: 'n', scriptUri: 'y', styleUri: 'z' });
    assert.ok(html.includes('<main id="root"></main>'), 'the panel itself is not live');
    assert.match(html, /<div id="announce" class="visually-hidden" role="status" aria-live="polite"><\/div>/);
  });

  it('a preview offers Rollback…, a comparison neither Rollback nor Undo', () => {
    const preview = comparisonState({ mode: 'preview', folder, plan: plan(), from: checkpoint(CP1), changes: outcome.result.changed_paths, now });
    assert.ok(renderPanel(preview, false, true).includes('data-action="rollback"'));
    const compare = comparisonState({ mode: 'comparePrevious', folder, plan: plan(), from: checkpoint(CP1), to: checkpoint(CP2, 'Later'), changes: [], now });
    const html = renderPanel(compare, false, true);
    assert.ok(!html.includes('data-action="rollback"') && !html.includes('data-action="undo"'));
    assert.ok(html.includes('No files differ.'));
  });
});

describe('rollback panel: actions that read right', () => {
  it('Compare with Current carries Roll Back to This Checkpoint; a preview’s Roll Back asks nothing more', () => {
    const compare = comparisonState({ mode: 'compareCurrent', folder, plan: plan(), from: checkpoint(CP1), changes: [{ path: 'a.txt', change: 'modified' }], now });
    assert.match(renderPanel(compare, false, true), /data-action="rollback"[^>]*>Roll Back to This Checkpoint…</);
    assert.ok(!renderPanel(compare, false, false).includes('data-action="rollback"'), 'not in Restricted Mode');
    const same = comparisonState({ mode: 'compareCurrent', folder, plan: plan(), from: checkpoint(CP1), changes: [], now });
    assert.ok(!renderPanel(same, false, true).includes('data-action="rollback"'), 'nothing to roll back');
    const preview = comparisonState({ mode: 'preview', folder, plan: plan(), from: checkpoint(CP1), changes: outcome.result.changed_paths, now });
    assert.match(renderPanel(preview, false, true), /data-action="rollback"[^>]*>Roll Back</);
  });

  it('a preview names whose later work it undoes, escaped; the schema keeps it', () => {
    const undone = [{ kind: 'plan' as const, plan_id: CP2, decision_id: null, title: 'Tidy <b>the</b> tests', paths: ['test/todo.test.js'] }];
    const preview = comparisonState({ mode: 'preview', folder, plan: plan(), from: checkpoint(CP1), changes: [{ path: 'test/todo.test.js', change: 'modified' }], now, undone });
    const html = renderPanel(preview, false, true);
    assert.ok(html.includes('This also undoes later work of others on the same files:'), html);
    assert.ok(html.includes('plan “Tidy &lt;b&gt;the&lt;/b&gt; tests”, 1 path: <code>test/todo.test.js</code>'), html);
    assert.ok(parsePanelState(preview).ok);
    assert.ok(!renderPanel(comparisonState({ mode: 'preview', folder, plan: plan(), from: checkpoint(CP1), changes: [], now }), false, true).includes('later work of others'));
  });

  it('a file the checkpoint does not hold is removed, not restored: the row’s button says so', () => {
    const compare = comparisonState({ mode: 'compareCurrent', folder, plan: plan(), from: checkpoint(CP1), changes: [{ path: 'new.txt', change: 'added' }, { path: 'gone.txt', change: 'deleted' }], now });
    const html = renderPanel(compare, false, true);
    assert.match(html, /data-restore="new\.txt"[^>]*>Remove this file</);
    assert.match(html, /data-restore="gone\.txt"[^>]*>Restore this file</);
    const preview = comparisonState({ mode: 'preview', folder, plan: plan(), from: checkpoint(CP1), changes: [{ path: 'new.txt', change: 'deleted' }, { path: 'gone.txt', change: 'added' }], now });
    const page = renderPanel(preview, false, true);
    assert.match(page, /data-restore="new\.txt"[^>]*>Remove this file</);
    assert.match(page, /data-restore="gone\.txt"[^>]*>Restore this file</);
  });
});

describe('rollback panel: page HTML', () => {
  it('has a CSP with this load\'s nonce and nothing inline', () => {
    const nonce = makeNonce();
    assert.match(nonce, /^[A-Za-z0-9_-]{22}$/);
    assert.notEqual(nonce, makeNonce());
    const html = panelHtml({ cspSource: 'https://x.vscode-cdn.net', nonce, scriptUri: 'https://x/dist/webview.js', styleUri: 'https://x/media/panel.css' });
    const csp = /content="([^"]+)"/.exec(html)?.[1] ?? '';
    assert.ok(csp.includes("default-src 'none'"));
    assert.ok(csp.includes(`script-src 'nonce-${nonce}'`));
    assert.ok(!csp.includes('unsafe-inline') && !csp.includes('unsafe-eval'));
    assert.ok(html.includes(`<script nonce="${nonce}" src="https://x/dist/webview.js"></script>`));
    assert.equal((html.match(/<script/g) ?? []).length, 1);
  });
});

describe('rollback panel: messages and states are validated on the host', () => {
  it('accepts the protocol\'s messages', () => {
    for (const m of [{ type: 'ready' }, { type: 'openDiff', path: EVIL }, { type: 'openAll' }, { type: 'undo' }, { type: 'rollback' }, { type: 'copyJson' }]) {
      assert.ok(parsePageMessage(m).ok, JSON.stringify(m));
    }
  });

  it('refuses anything else: unknown types, extra fields, paths that leave the sandbox', () => {
    for (const m of [
      null,
      'undo',
      { type: 'exec', command: 'rm -rf /' },
      { type: 'undo', checkpointId: CP1 },
      { type: 'openDiff' },
      { type: 'openDiff', path: '../../etc/passwd' },
      { type: 'openDiff', path: '/etc/passwd' },
      { type: 'openDiff', path: 'C:\\Windows' },
      { type: 'openDiff', path: 'a\0b' },
      { type: 'openDiff', path: 42 },
    ]) {
      assert.equal(parsePageMessage(m).ok, false, JSON.stringify(m));
    }
  });

  it('a state survives the round trip through the page; a tampered one does not', () => {
    const state = rolledBack();
    const back = parsePanelState(JSON.parse(JSON.stringify(state)));
    assert.ok(back.ok);
    assert.deepEqual(back.value, state);
    const bad: unknown[] = [
      { ...state, version: 2 },
      { ...state, plan: { ...state.plan, id: 'not-a-ulid' } },
      { ...state, changes: [{ path: '../x', change: 'modified' }] },
      { ...state, rollback: null },
      { ...state, mode: 'comparePrevious' },
      { ...state, extra: 1 },
      undefined,
    ];
    for (const b of bad) assert.equal(parsePanelState(b).ok, false, JSON.stringify(b)?.slice(0, 80));
  });
});

describe('rollback panel: Copy as JSON and the diff sides', () => {
  it('copies the envelope the CLI prints for the same rollback', () => {
    const state = rolledBack();
    const copied = JSON.parse(panelJson(state));
    const sortedOutcome = { ...outcome, result: { ...outcome.result, changed_paths: [...outcome.result.changed_paths].sort((a, b) => (a.path < b.path ? -1 : 1)) } };
    assert.deepEqual(copied, JSON.parse(JSON.stringify(rollbackEnvelope(sortedOutcome))));
    assert.deepEqual(Object.keys(copied), ['rollback_summary', 'changes_reverted', 'impact', 'post_rollback_state', 'timing', 'messages']);
    assert.equal(copied.impact.files_affected, 4);
    assert.equal(copied.post_rollback_state.undo_checkpoint_id, SAFETY);
    assert.deepEqual(outcomeOfState(state)?.result.changed_paths.length, 4);
  });

  it('copies a comparison as `agents plan diff` does', () => {
    const state = comparisonState({ mode: 'compareCurrent', folder, plan: plan(), from: checkpoint(CP1), changes: [{ path: 'a', change: 'added' }], now });
    assert.deepEqual(JSON.parse(panelJson(state)), { changes: [{ path: 'a', change: 'added' }] });
  });

  it('an added path has no left side, a deleted one no right side', () => {
    assert.deepEqual(sidesOf('added'), { left: false, right: true });
    assert.deepEqual(sidesOf('deleted'), { left: true, right: false });
    assert.deepEqual(sidesOf('modified'), { left: true, right: true });
  });
});

describe('checkpoint document URIs', () => {
  const loc = { folder: 'file:///work/my ws', planId: PLAN_ID, checkpointId: CP1, path: `src/${EVIL}` };

  it('round-trip folder, plan, checkpoint and path', () => {
    const { path, query } = formatCheckpointLocation(loc);
    assert.equal(path, `/src/${EVIL}`);
    assert.deepEqual(parseCheckpointLocation(path, query), loc);
    const empty = formatCheckpointLocation({ ...loc, checkpointId: null });
    assert.equal(parseCheckpointLocation(empty.path, empty.query).checkpointId, null);
    // An agent-only rollback's preview: the files after, a snapshot no checkpoint names.
    const merged = { ...loc, snapshot: 'a'.repeat(40) };
    const m = formatCheckpointLocation(merged);
    assert.deepEqual(parseCheckpointLocation(m.path, m.query), merged);
    for (const bad of ['HEAD', 'a'.repeat(39), 'A'.repeat(40), `${'a'.repeat(40)} --output=x`]) {
      assert.throws(() => parseCheckpointLocation(m.path, m.query.replace(/snapshot=[^&]*/, `snapshot=${encodeURIComponent(bad)}`)), /snapshot/);
    }
  });

  it('refuse anything not made by formatCheckpointLocation', () => {
    const ok = formatCheckpointLocation(loc);
    const cases: [string, string][] = [
      ['/../etc/passwd', ok.query],
      ['/src/../../x', ok.query],
      ['relative', ok.query],
      ['/', ok.query],
      ['/src/', ok.query],
      ['/a//b', ok.query],
      [ok.path, ok.query.replace(PLAN_ID, 'x')],
      [ok.path, ok.query.replace(CP1, 'HEAD')],
      [ok.path, `${ok.query}&plan=${PLAN_ID}`],
      [ok.path, `${ok.query}&more=1`],
      [ok.path, ''],
    ];
    for (const [p, q] of cases) assert.throws(() => parseCheckpointLocation(p, q), /Validation Error/, `${p}?${q}`);
  });

  it('show text as text and binary files as a note', () => {
    assert.equal(checkpointFileText(new TextEncoder().encode('héllo\n')), 'héllo\n');
    assert.match(checkpointFileText(new Uint8Array([0x89, 0x50, 0x00, 0x01])), /^\(binary file, 4 bytes: not shown\)$/);
  });
});

describe('rollback dialogs: text', () => {
  const many = Array.from({ length: 14 }, (_, i) => ({ path: `src/f${String(i).padStart(2, '0')}.js`, change: (['added', 'modified', 'deleted'] as const)[i % 3] }));

  it('say how many files will be added, modified and deleted', () => {
    assert.equal(countsSentence(many), '5 files will be added, 5 modified and 4 deleted.');
    assert.equal(countsSentence([{ path: 'a', change: 'added' }]), '1 file will be added, 0 modified and 0 deleted.');
    const big = Array.from({ length: 20_000 }, (_, i) => ({ path: `f${i}`, change: 'modified' as const }));
    assert.equal(countsSentence(big), '0 files will be added, 20,000 modified and 0 deleted.', 'the modal writes counts as the panel does');
    assert.deepEqual(listPaths(big).at(-1), 'and 19,990 more');
    // in the order people count, as the panel lists them, whatever order git gave them in
    const gitOrder = ['f0', 'f1', 'f10', 'f100', 'f1000', 'f10000', 'f10001', 'f2', 'f20', 'f3'].map((p) => ({ path: p, change: 'modified' as const }));
    assert.deepEqual(listPaths(gitOrder, 4).slice(0, 4).map((l) => l.split(/\s+/)[1]), ['f0', 'f1', 'f2', 'f3']);
  });

  it('list the first paths, then "and N more"', () => {
    const lines = listPaths(many);
    assert.equal(lines.length, 11);
    assert.match(lines[0], /^add\s+src\/f00\.js$/);
    assert.match(lines[1], /^restore\s+src\/f01\.js$/);
    assert.match(lines[2], /^delete\s+src\/f02\.js$/);
    assert.equal(lines[10], 'and 4 more');
    assert.ok(!listPaths(many.slice(0, 3)).includes('more'));
  });

  it('the confirmation names plan and checkpoint and says it can be undone', () => {
    const text = rollbackConfirmation({ planTitle: 'P', checkpointLabel: 'Before', checkpointTaken: '5 min ago', changes: many, undo: false });
    assert.equal(text.message, 'Roll back “P” to “Before”?');
    assert.deepEqual(text.detail.slice(0, 3), ['5 files will be added, 5 modified and 4 deleted.', '', 'add      src/f00.js'], 'the counts first, apart from the list');
    assert.ok(text.detail.includes('and 4 more') && text.detail.at(-1)!.includes('exactly “Before” (taken 5 min ago)') && /undone/.test(text.detail.at(-1)!));
    assert.ok(!text.detail.join('\n').includes(CP1), 'no raw id in the dialog');
    const undo = rollbackConfirmation({ planTitle: 'P', checkpointLabel: 'x', checkpointTaken: 'just now', changes: many, undo: true });
    assert.equal(undo.message, 'Undo the rollback of “P”?');
    assert.ok(undo.detail.at(-1)!.includes('what it was before the rollback (saved just now)'));
  });

  it('unsaved editors: a question, or a refusal when nobody can be asked', () => {
    assert.equal(unsavedEditorsQuestion(['a.js']).message, '1 file the rollback changes has unsaved changes.');
    assert.deepEqual(unsavedEditorsQuestion(['a.js']).detail.slice(0, 2), ['a.js', '']);
    assert.match(unsavedEditorsError(['a', 'b', 'c', 'd', 'e', 'f', 'g']), /^Rollback blocked: 7 files .* a, b, c, d, e and 2 more\./);
  });
});

describe('rollback settings', () => {
  it('defaults: confirm, automatic checkpoints off', () => {
    const { settings, problems } = parseRollbackSettings(() => undefined, 's');
    assert.deepEqual(settings, { confirm: true, auto: { enabled: true, debounceMs: 2000, minIntervalMs: 5000 } });
    assert.deepEqual(problems, []);
  });

  it('a bad value falls back to its default and is reported', () => {
    const raw: Record<string, unknown> = { 'rollback.confirm': 'no', 'autoCheckpoint.enabled': true, 'autoCheckpoint.debounceMs': 5, 'autoCheckpoint.minIntervalMs': 0 };
    const { settings, problems } = parseRollbackSettings((k) => raw[k], 'cleveragents.checkpoints');
    assert.deepEqual(settings, { confirm: true, auto: { enabled: true, debounceMs: 2000, minIntervalMs: 0 } });
    assert.equal(problems.length, 2);
    assert.match(problems[0], /^Setting "cleveragents\.checkpoints\.rollback\.confirm" is invalid/);
  });
});

describe('status bar: the active plan', () => {
  const c = (state: Plan['state'], updated: string, id = PLAN_ID) => ({ plan: plan({ state, updated_at: updated, plan_id: id }) });

  it('an executing plan wins, the newest of them', () => {
    const chosen = chooseActivePlan([c('draft', '2026-11-29T12:00:00.000Z'), c('executing', '2026-11-29T10:00:00.000Z', CP1), c('executing', '2026-11-29T11:00:00.000Z', CP2)]);
    assert.equal(chosen?.plan.plan_id, CP2);
  });

  it('the plan selected in the tree wins while it is open; an applied one selected does not', () => {
    const list = [c('executing', '2026-11-29T12:00:00.000Z', CP1), c('draft', '2026-11-29T10:00:00.000Z', CP2), c('applied', '2026-11-29T11:00:00.000Z', PLAN_ID)];
    assert.equal(chooseActivePlan(list, CP2)?.plan.plan_id, CP2);
    assert.equal(chooseActivePlan(list, PLAN_ID)?.plan.plan_id, CP1);
    assert.equal(chooseActivePlan(list)?.plan.plan_id, CP1);
  });

  it('never jumps to a plan whose sandbox is missing; shows it only when it is selected', () => {
    const list = [{ ...c('executing', '2026-11-29T12:00:00.000Z', CP1), sandboxMissing: true }, c('draft', '2026-11-29T10:00:00.000Z', CP2)];
    assert.equal(chooseActivePlan(list)?.plan.plan_id, CP2);
    assert.equal(chooseActivePlan(list, CP1)?.plan.plan_id, CP1);
    assert.equal(chooseActivePlan([list[0]]), undefined);
  });

  it('else the newest open plan; never an applied or cancelled one', () => {
    assert.equal(chooseActivePlan([c('completed', '2026-11-29T10:00:00.000Z', CP1), c('draft', '2026-11-29T11:00:00.000Z', CP2)])?.plan.plan_id, CP2);
    assert.equal(chooseActivePlan([c('applied', '2026-11-29T10:00:00.000Z'), c('cancelled', '2026-11-29T11:00:00.000Z')]), undefined);
  });
});

describe('rollback panel: an agent-only rollback (Undo Agent Changes Since Here, Keep Mine)', () => {
  const summary = { mode: 'agent_only' as const, scope: 'session' as const, tool_calls: 2, kept: ['src/b.js', EVIL.replace('.txt', '.md')], kept_reasons: [{ path: 'src/b.js', reason: 'outside_tool_calls' as const }, { path: EVIL.replace('.txt', '.md'), reason: 'other_session' as const, plan_id: CP2 }], merged: ['src/a.js'], conflicts: [], conflict_markers: [] as string[], unclosed: [{ pre_write_checkpoint_id: CP2, pre_write_skipped: false, until_checkpoint_id: null }] };
  const agentOutcome: RollbackOutcome = { ...outcome, agent_only: summary };
  const undone = (): PanelState => rollbackState({ folder, plan: plan(), target: checkpoint(CP1), outcome: agentOutcome, undo: false, now });

  it('shows the reverted and the kept paths apart, escaped, with Undo Rollback; says which tool calls had no post_step', () => {
    const html = renderPanel(undone(), false, true);
    assert.match(html, /<h1>Agent changes undone<\/h1>/);
    assert.match(html, /\(2 tool calls\) were taken out; 2 paths that are not the agent’s were kept\./);
    assert.match(html, /<h2>Undone \(the agent’s\): 4<\/h2>/);
    const kept = html.slice(html.indexOf('<section class="kept-paths">'));
    assert.match(kept, /<h2>Kept \(not the agent’s\): 2 \(1 yours, 1 another session’s\)<\/h2>/);
    assert.match(kept, /src\/b\.js<\/span><span class="kind">yours<\/span>/);
    assert.match(kept, /\.md<\/span><span class="kind">another session’s<\/span>/);
    // Each heading counts the rows under it (issue 36): a merged path is written, so it is no kept one.
    assert.equal(kept.match(/<span class="mark kept" aria-hidden="true">K<\/span>/g)?.length, 2);
    assert.match(kept, /<h2>Merged \(others’ changes stay, the agent’s taken out\): 1<\/h2><ul class="kept merged"><li>[^]*src\/a\.js<\/span><span class="kind">only the agent’s changes were taken out<\/span><\/li><\/ul>/);
    assert.ok(!kept.includes('Conflict markers written'), 'no markers were asked for');
    assert.ok(kept.includes('&lt;img src=x onerror=alert(1)&gt;.md') && !kept.includes('<img'), 'a kept name is text');
    assert.match(kept, /1 tool call had no post_step/);
    assert.match(html, /data-action="undo"[^>]*>Undo Rollback</);
    // Nothing kept, one path merged: no "Kept: 0" heading over nothing; with nothing at all, the heading and its note.
    const mergedOnly = rollbackState({ folder, plan: plan(), target: checkpoint(CP1), outcome: { ...outcome, agent_only: { ...summary, kept: [], kept_reasons: [], unclosed: [] } }, undo: false, now });
    const mergedKept = renderPanel(mergedOnly, false, true).split('<section class="kept-paths">')[1]!;
    assert.ok(!mergedKept.includes('Kept (not the agent’s)'), mergedKept);
    assert.match(mergedKept, /<h2>Merged /);
    const nothing = rollbackState({ folder, plan: plan(), target: checkpoint(CP1), outcome: { ...outcome, agent_only: { ...summary, kept: [], kept_reasons: [], merged: [], unclosed: [] } }, undo: false, now });
    assert.match(renderPanel(nothing, false, true), /<h2>Kept \(not the agent’s\): 0<\/h2><p class="empty">Nobody else changed a file since the checkpoint\.<\/p>/);
    assert.ok(!html.includes('data-restore='), 'no Restore this file: it would throw away the user’s edits too');
  });

  it('a preview offers Undo Agent Changes, and the state survives the round trip; copies the envelope with the agent-only fields', () => {
    const preview = comparisonState({ mode: 'preview', folder, plan: plan(), from: checkpoint(CP1), changes: outcome.result.changed_paths, now, agentOnly: summary });
    const html = renderPanel(preview, false, true);
    assert.match(html, /<h1>Undo agent changes: preview<\/h1>/);
    assert.match(html, /data-action="rollback"[^>]*>Undo Agent Changes</);
    for (const state of [preview, undone()]) {
      const back = parsePanelState(JSON.parse(JSON.stringify(state)));
      assert.ok(back.ok);
      assert.deepEqual(back.value, state);
    }
    assert.equal(parsePanelState({ ...undone(), mode: 'undo' }).ok, false, 'only a rollback or its preview is agent-only');
    assert.equal(parsePanelState({ ...undone(), agentOnly: { ...undone().agentOnly, kept: ['../out'] } }).ok, false);
    const copied = JSON.parse(panelJson(undone()));
    assert.deepEqual(copied.rollback_summary, {
      plan_id: PLAN_ID,
      from_checkpoint_id: CP1,
      restored_files_count: 4,
      mode: 'agent_only',
      scope: 'session',
      reverted: copied.changes_reverted,
      kept: summary.kept,
      // The panel keeps each path's reason, not the other session's plan.
      kept_reasons: summary.kept_reasons.map((k) => ({ path: k.path, reason: k.reason })),
      merged: summary.merged,
      conflicts: [],
      conflict_markers: [],
      tool_calls: 2,
      unclosed: summary.unclosed,
    });
  });

  it('lists the paths written with conflict markers under their own heading, which counts them, and keeps them through a reload', () => {
    const marked: RollbackOutcome = { ...outcome, agent_only: { ...summary, conflict_markers: ['src/c.js', EVIL] } };
    const state = rollbackState({ folder, plan: plan(), target: checkpoint(CP1), outcome: marked, undo: false, now });
    const html = renderPanel(state, false, true);
    const kept = html.slice(html.indexOf('<section class="kept-paths">'));
    assert.match(kept, /<h2>Conflict markers written: 2<\/h2><ul class="kept conflict-markers"><li>[^]*src\/c\.js<\/span><span class="kind">conflict markers written<\/span><\/li><li>[^]*<\/ul>/);
    assert.ok(!kept.includes(EVIL), 'a marked name is text');
    assert.match(kept, /Edit them to settle, or undo the rollback\./);
    assert.match(html, /data-path="src\/b\.js"[^>]*>[^]*?<span class="kind">restored<\/span>/, 'a path without markers is restored');
    const markedRow = comparisonState({ mode: 'preview', folder, plan: plan(), from: checkpoint(CP1), changes: [{ path: 'src/c.js', change: 'modified' }], now, agentOnly: { ...summary, conflict_markers: ['src/c.js'] } });
    assert.match(renderPanel(markedRow, false, true), /data-path="src\/c\.js"[^>]*>[^]*?<span class="kind">will get conflict markers<\/span>/);
    const back = parsePanelState(JSON.parse(JSON.stringify(state)));
    assert.ok(back.ok);
    assert.deepEqual(back.value, state);
    assert.deepEqual(JSON.parse(panelJson(state)).rollback_summary.conflict_markers, ['src/c.js', EVIL]);
  });

  it('the modal says how many of the agent’s changes go, how many of yours stay, and the conflicts', () => {
    const text = agentOnlyConfirmation({ planTitle: 'p', checkpointLabel: 'C', checkpointTaken: '5 min ago', preview: { changes: [{ path: 'a.txt', change: 'modified' }], summary: { ...summary, kept: ['c.txt'], kept_reasons: [{ path: 'c.txt', reason: 'outside_tool_calls' }], merged: ['a.txt'], conflicts: [{ path: 'x.bin', reason: 'binary' }] } } });
    assert.equal(text.message, 'Undo the agent’s changes to “p” since “C”, keeping yours?');
    assert.equal(text.detail[0], '1 path of the agent’s changes (2 tool calls) will be undone; 1 path that is not the agent’s will be kept (1 yours).');
    assert.ok(text.detail.includes('x.bin: a binary file changed by the agent and by someone else'));
    assert.ok(text.detail.includes('merge    a.txt'), 'a merged path is not also kept');
    assert.ok(text.detail.includes('keep     c.txt (yours)'));
    assert.ok(text.detail.includes('restore  a.txt'));
  });
});

describe('rollback panel: short ids (issue 36)', () => {
  const folder = { uri: 'file:///w', name: 'w' };
  const now = new Date('2026-11-29T10:00:00.000Z');
  const ids = [PLAN_ID, CP1, CP2, SAFETY];
  /** The ids' source as the services give it: the store of one plan and its checkpoints, no decisions. */
  const sources: IdSources = { store: { read: async (work) => work({ ids: { all: () => ids } }) } };

  it('shows each id in its short form, unique in the workspace, with the whole id in its tooltip; the JSON keeps whole ids', async () => {
    const state = await withShortIds(rollbackState({ folder, plan: plan(), target: checkpoint(CP1), outcome: { ...outcome, undo_checkpoint_id: SAFETY }, undo: false, now }), sources);
    const short = new ShortIds(ids);
    assert.deepEqual(state.shortIds, Object.fromEntries([PLAN_ID, CP1, SAFETY].map((id) => [id, short.of(id)])));
    assert.equal(short.of(CP1), 'A5C1', 'the fewest last characters that no other id ends with');
    const html = renderPanel(state, false, true);
    for (const id of [PLAN_ID, CP1, SAFETY]) {
      assert.ok(html.includes(`<code title="${id}">${short.of(id)}</code>`), `${id} shown short, whole in its tooltip`);
      assert.ok(!html.includes(`>${id}<`), `${id} is not shown whole`);
    }
    const copied = JSON.parse(panelJson(state));
    assert.equal(copied.rollback_summary.from_checkpoint_id, CP1);
    assert.equal(copied.post_rollback_state.undo_checkpoint_id, SAFETY);
    const back = parsePanelState(JSON.parse(JSON.stringify(state)));
    assert.ok(back.ok);
    assert.deepEqual(back.value, state, 'the short ids survive a reload');
  });

  it('a state without short ids shows whole ids; a restored state with a malformed short id is refused', () => {
    const state = rollbackState({ folder, plan: plan(), target: checkpoint(CP1), outcome, undo: false, now });
    assert.ok(renderPanel(state, false, true).includes(`<code>${CP1}</code>`));
    assert.equal(parsePanelState({ ...state, shortIds: { [CP1]: '<b>' } }).ok, false);
    assert.equal(parsePanelState({ ...state, shortIds: { 'not an id': 'A5C1' } }).ok, false);
  });
});
