"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
const assert = __importStar(require("node:assert/strict"));
const decisionText_1 = require("../../src/extension/decisions/decisionText");
const rollbackText_1 = require("../../src/extension/rollback/rollbackText");
const panelSchemas_1 = require("../../src/extension/rollback/panel/panelSchemas");
const panelStates_1 = require("../../src/extension/rollback/panel/panelStates");
const decisionPresentation_1 = require("../../src/extension/tree/decisionPresentation");
const render_1 = require("../../src/webview/render");
const PLAN_ID = '01JDQ8Z5Y8N9T0W1X2Y3Z4A5B6';
const CP1 = '01JDQ8Z5Y8N9T0W1X2Y3Z4A5C1';
const SAFETY = '01JDQ8Z5Y8N9T0W1X2Y3Z4A5S9';
const B = '01JDQ8Z5Y8N9T0W1X2Y3Z4A5D2';
const C = '01JDQ8Z5Y8N9T0W1X2Y3Z4A5D3';
const K = '01JDQ8Z5Y8N9T0W1X2Y3Z4A5K1';
const EVIL = '<img src=x onerror=alert(1)>';
const now = new Date('2026-11-29T10:00:00.000Z');
const folder = { uri: 'file:///work/ws', name: 'ws' };
const plan = {
    plan_id: PLAN_ID, title: 'p', state: 'executing', sandbox_path: '.', sandbox_kind: 'in_place', base_ref: null,
    retention: { max_checkpoints: 50, auto_prune: true }, created_at: '2026-11-29T09:00:00.000Z', updated_at: '2026-11-29T09:00:00.000Z',
};
const checkpoint = {
    checkpoint_id: CP1, plan_id: PLAN_ID, sandbox_ref: 'a'.repeat(40), decision_id: B, checkpoint_type: 'pre_write', resource_id: null,
    filesystem_path: `pins/${CP1}`, size_bytes: 10, created_at: '2026-11-29T09:46:32.123Z', metadata: { reason: null, source_tool: null, phase: null, extra: {}, skipped: [] },
};
function decision(id, title, dependsOn = []) {
    return { decision_id: id, plan_id: PLAN_ID, title, rationale: null, state: 'active', created_at: '2026-11-29T09:40:00.000Z', reverted_at: null, reverted_by: null, depends_on: dependsOn };
}
const corrected = () => ({
    ...(0, panelStates_1.rollbackState)({ folder, plan, target: checkpoint, outcome: { plan_id: PLAN_ID, result: { restored_files_count: 1, changed_paths: [{ path: 'a.txt', change: 'modified' }], from_checkpoint_id: CP1 }, undo_checkpoint_id: SAFETY, elapsed_seconds: 0.1 }, undo: false, now }),
    correction: (0, decisionText_1.panelCorrection)({ correction_id: K, plan_id: PLAN_ID, decision_id: B, mode: 'rollback', state: 'applied', reverted_decisions: [B, C], restored_paths: null, target_checkpoint_id: CP1, undo_checkpoint_id: SAFETY, created_at: now.toISOString(), undone_at: null }, new Map([[B, EVIL], [C, 'C']]), new Map([[B, 0], [C, 1]])),
});
describe('decisions in the rollback panel and the tree (markup and text)', () => {
    it('a correction heads the panel, escaped, with its decisions by depth and Undo Correction instead of Undo Rollback', () => {
        const html = (0, render_1.renderPanel)(corrected(), false, true);
        assert.match(html, /Decision reverted: &lt;img src=x onerror=alert\(1\)&gt;/);
        assert.ok(!html.includes('<img'), html);
        assert.match(html, /<li class="depth-1"><span class="label">C<\/span>/);
        assert.ok(html.includes('data-action="undoCorrection"'));
        assert.ok(!html.includes('data-action="undo"'));
        // Restricted Mode: no Undo Correction.
        assert.ok(!(0, render_1.renderPanel)(corrected(), false, false).includes('data-action="undoCorrection"'));
        const undone = { ...corrected(), correction: { ...corrected().correction, undone: true } };
        assert.ok(!(0, render_1.renderPanel)(undone, false, true).includes('data-action="undoCorrection"'));
    });
    it('"Restore this file" rows in preview and Compare with Current only, and only when the workspace is trusted', () => {
        const compare = (0, panelStates_1.comparisonState)({ mode: 'compareCurrent', folder, plan, from: checkpoint, changes: [{ path: `${EVIL}.txt`, change: 'modified' }], now });
        const html = (0, render_1.renderPanel)(compare, false, true);
        assert.ok(html.includes('data-restore="&lt;img src=x onerror=alert(1)&gt;.txt"'), html);
        assert.ok(!(0, render_1.renderPanel)(compare, false, false).includes('data-restore'));
        assert.ok(!(0, render_1.renderPanel)(corrected(), false, true).includes('data-restore'));
    });
    it('the schemas accept the new state and messages and refuse malformed ones', () => {
        assert.ok((0, panelSchemas_1.parsePanelState)(corrected()).ok);
        assert.ok(!(0, panelSchemas_1.parsePanelState)({ ...corrected(), correction: { ...corrected().correction, id: 'nope' } }).ok);
        assert.ok((0, panelSchemas_1.parsePageMessage)({ type: 'undoCorrection' }).ok);
        assert.ok((0, panelSchemas_1.parsePageMessage)({ type: 'restorePath', path: 'a/b.txt' }).ok);
        assert.ok(!(0, panelSchemas_1.parsePageMessage)({ type: 'restorePath', path: '../x' }).ok);
        assert.ok(!(0, panelSchemas_1.parsePageMessage)({ type: 'restorePath' }).ok);
    });
    it('the modal lists the decisions the BFS reaches, indented by depth, then the file counts', () => {
        const impact = {
            plan_id: PLAN_ID, decision_id: B, mode: 'keep_independent',
            reverted: [{ decision: decision(B, 'B'), depth: 0 }, { decision: decision(C, 'C', [B]), depth: 1 }],
            target_checkpoint: checkpoint, restore_paths: ['a.txt'], changes: [{ path: 'a.txt', change: 'modified' }], conflicts: [], tool_calls: [], kept: [], merge_conflicts: [], after_snapshot: null, undoes_work_of: [],
        };
        const text = (0, decisionText_1.revertConfirmation)(impact);
        assert.equal(text.message, 'Revert “B” and 1 decision built on it?');
        assert.deepEqual(text.detail.slice(0, 4), ['These decisions will be marked reverted:', '• B', '    • C', '']);
        assert.ok(text.detail.some((l) => /later work that does not build on them stays/.test(l)));
    });
    it('the modals name whose later work is undone, and the checkpoint by its label and time, never its id', () => {
        const D = '01JDQ8Z5Y8N9T0W1X2Y3Z4A5D4';
        const undone = [
            { kind: 'plan', plan_id: '01JDQ8Z5Y8N9T0W1X2Y3Z4A5P2', decision_id: null, title: 'Tidy the tests', paths: ['test/todo.test.js'] },
            { kind: 'decision', plan_id: PLAN_ID, decision_id: D, title: 'D', paths: ['README.md', 'a.txt'] },
        ];
        const impact = {
            plan_id: PLAN_ID, decision_id: B, mode: 'rollback', reverted: [{ decision: decision(B, 'B'), depth: 0 }],
            target_checkpoint: { ...checkpoint, metadata: { ...checkpoint.metadata, reason: 'before due module' } }, restore_paths: null,
            changes: [{ path: 'README.md', change: 'modified' }, { path: 'a.txt', change: 'modified' }, { path: 'test/todo.test.js', change: 'modified' }], conflicts: [], tool_calls: [], kept: [], merge_conflicts: [], after_snapshot: null, undoes_work_of: undone,
        };
        const text = (0, decisionText_1.revertConfirmation)(impact, now);
        const block = text.detail.indexOf('This also undoes later work of another plan and a decision on the same files:');
        assert.ok(block > 0, text.detail.join('\n'));
        assert.deepEqual(text.detail.slice(block + 1, block + 3), ['• plan “Tidy the tests”, 1 path: test/todo.test.js', '• decision “D”, 2 paths: README.md, a.txt']);
        assert.ok(text.detail.includes('The sandbox goes back to “before due module” (taken 13 min ago), before the decision.'), text.detail.join('\n'));
        assert.ok(!text.detail.join('\n').includes(CP1), 'no raw id');
        assert.equal((0, decisionText_1.undoLaterWorkDetail)(undone), 'The sandbox goes back to the checkpoint before the decision. Also undoes: plan “Tidy the tests” (test/todo.test.js), decision “D” (2 files).');
        assert.ok(!(0, rollbackText_1.rollbackConfirmation)({ planTitle: 'p', checkpointLabel: 'x', checkpointTaken: 'just now', changes: impact.changes, undo: false }).detail.some((l) => l.includes('also undoes')));
        assert.ok((0, rollbackText_1.rollbackConfirmation)({ planTitle: 'p', checkpointLabel: 'x', checkpointTaken: 'just now', changes: impact.changes, undo: false, undone }).detail.includes('• plan “Tidy the tests”, 1 path: test/todo.test.js'));
    });
    it('Undo Correction lists its files like the other modals, and names no checkpoint id', () => {
        const correction = { correction_id: K, plan_id: PLAN_ID, decision_id: B, mode: 'rollback', state: 'applied', reverted_decisions: [B, C], restored_paths: null, target_checkpoint_id: CP1, undo_checkpoint_id: SAFETY, created_at: now.toISOString(), undone_at: null };
        const text = (0, decisionText_1.undoCorrectionConfirmation)(correction, 'B', [{ path: 'a.txt', change: 'modified' }, { path: 'n.txt', change: 'added' }]);
        assert.equal(text.detail[0], '2 decisions become active again.');
        assert.ok(text.detail.includes('1 file will be added, 1 modified and 0 deleted.'), text.detail.join('\n'));
        assert.ok(text.detail.some((l) => /^restore\s+a\.txt$/.test(l)) && text.detail.some((l) => /^add\s+n\.txt$/.test(l)), text.detail.join('\n'));
        assert.ok(!text.detail.join('\n').includes(SAFETY));
    });
    it('the tree describes a decision with its state, aligned checkpoints and what it builds on', () => {
        const c = { ...decision(C, 'C [x](y)', [B]), rationale: 'because *so*' };
        assert.equal((0, decisionPresentation_1.decisionDescription)(c, [checkpoint], now), '20 min ago · decision · 0 checkpoints');
        assert.equal((0, decisionPresentation_1.decisionDescription)(decision(B, 'B'), [checkpoint], now), '20 min ago · decision · 1 checkpoint');
        const tip = (0, decisionPresentation_1.decisionTooltip)(c, [decision(B, 'B'), c], [checkpoint], now);
        assert.match(tip, /\*\*C \\\[x\\\]\\\(y\\\)\*\*/);
        assert.match(tip, /Builds on: “B”/);
        assert.match(tip, /because \\\*so\\\*/);
    });
});
//# sourceMappingURL=decisionPanel.test.js.map