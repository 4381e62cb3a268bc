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
const shortIds_1 = require("../../src/core/shortIds");
const promptPresentation_1 = require("../../src/extension/tree/promptPresentation");
const safetyPlacement_1 = require("../../src/extension/tree/safetyPlacement");
const treePresentation_1 = require("../../src/extension/tree/treePresentation");
// How the Checkpoints view reads to a person: rows say what ran, safety checkpoints sit under what
// they concern, tooltips carry no hashes, refs or phases, agent sessions speak of sessions.
const NOW = new Date('2026-12-03T12:00:00.000Z');
const SHA = 'a'.repeat(40);
let serial = 0;
/** A checkpoint as the store holds it; ids in time order, as the monotonic factory makes them. */
function checkpoint(over = {}) {
    serial++;
    const id = `01KBX9ZQ7M4E8N2Q5R7T9V${String(serial).padStart(4, '0')}`;
    return {
        checkpoint_id: id,
        plan_id: '01KBX9ZQ7M4E8N2Q5R7T9VPLAN',
        sandbox_ref: SHA,
        decision_id: null,
        checkpoint_type: 'manual',
        resource_id: null,
        filesystem_path: `pins/${id}`,
        size_bytes: 2048,
        created_at: '2026-12-03T11:58:30.000Z',
        ...over,
        metadata: { reason: null, source_tool: null, phase: null, extra: {}, skipped: [], ...over.metadata },
    };
}
const agent = { agent: 'claude-code', session_id: 'S1' };
const prompt = (line, at = '2026-12-03T11:58:30.000Z') => checkpoint({ created_at: at, metadata: { reason: `Before: "${line}"`, phase: 'prompt', extra: { ...agent } } });
const bash = (command, at = '2026-12-03T11:59:40.000Z') => checkpoint({ checkpoint_type: 'post_step', created_at: at, metadata: { reason: `After Bash: ${command}`, source_tool: 'Bash', phase: 'post_tool', extra: { ...agent, command, tool_use_id: 'toolu_1' } } });
const safety = (to, n) => checkpoint({ metadata: { reason: `Before rollback #${n} (to “${(0, treePresentation_1.checkpointLabel)(to)}”)`, source_tool: 'rollback', phase: 'rollback', extra: { rollback_to: to.checkpoint_id } } });
const plan = (over = {}) => ({
    plan_id: '01KBX9ZQ7M4E8N2Q5R7T9VPLAN',
    title: 'Claude Code: add due dates',
    state: 'executing',
    sandbox_path: '.',
    sandbox_kind: 'in_place',
    base_ref: null,
    retention: { max_checkpoints: 50, auto_prune: true },
    created_at: '2026-12-03T11:58:00.000Z',
    updated_at: '2026-12-03T11:59:00.000Z',
    ...over,
});
describe('the tree, as a person reads it', () => {
    it('a tool call’s row says what ran: the command’s first line for a shell, the path for a write', () => {
        assert.equal((0, treePresentation_1.toolCallLabel)(bash('npm test -- --grep short')), 'After Bash: npm test -- --grep short');
        const write = checkpoint({ checkpoint_type: 'pre_write', metadata: { reason: 'Before Write src/a.ts', source_tool: 'Write', phase: 'pre_tool', extra: { ...agent, file_path: 'src/a.ts' } } });
        assert.equal((0, treePresentation_1.toolCallLabel)(write), 'Before Write src/a.ts');
        // older rows, recorded before the command was: what the tool was, in words, not `pre_write`
        assert.equal((0, treePresentation_1.toolCallLabel)(checkpoint({ checkpoint_type: 'pre_write', metadata: { source_tool: 'edit_file' } })), 'Before edit_file');
        assert.equal((0, treePresentation_1.toolCallLabel)(checkpoint({ checkpoint_type: 'post_step' })), 'After a change');
        assert.equal((0, treePresentation_1.toolCallLabel)(checkpoint()), 'Checkpoint');
    });
    it('safety checkpoints sit under the prompt whose work their rollback went back to, following undone rollbacks; a gone target leaves them in the listing', () => {
        const p1 = prompt('add due dates');
        const s1 = bash('npm test');
        const p2 = prompt('now add PATCH');
        const b1 = safety(p2, 1);
        const b2 = safety(s1, 2);
        const b3 = safety(b1, 3); // undoing rollback #1: it concerns prompt 2 too
        const orphan = checkpoint({ metadata: { reason: 'Before rollback #4 (to “gone”)', source_tool: 'rollback', phase: 'rollback', extra: { rollback_to: '01KBX9ZQ7M4E8N2Q5R7T9VGONE' } } });
        const placement = (0, safetyPlacement_1.placeSafetyCheckpoints)([p1, s1, p2, b1, b2, b3, orphan], true);
        assert.deepEqual(placement.under.get(p2.checkpoint_id)?.map((c) => c.checkpoint_id), [b1.checkpoint_id, b3.checkpoint_id]);
        assert.deepEqual(placement.under.get(p1.checkpoint_id)?.map((c) => c.checkpoint_id), [b2.checkpoint_id], 'a rollback to a tool call of prompt 1 is under prompt 1');
        assert.equal(placement.placed.has(orphan.checkpoint_id), false);
        assert.equal(placement.placed.size, 3);
        // A plan without hooks: under the checkpoint itself.
        const plain = (0, safetyPlacement_1.placeSafetyCheckpoints)([s1, b2], false);
        assert.deepEqual(plain.under.get(s1.checkpoint_id)?.map((c) => c.checkpoint_id), [b2.checkpoint_id]);
        // Under its target, a safety checkpoint does not quote the target's name.
        assert.equal((0, treePresentation_1.safetyRowLabel)(b1), 'Before rollback #1');
        assert.equal((0, treePresentation_1.safetyRowLabel)(b3), 'Before rollback #3');
    });
    it('a checkpoint’s tooltip says what ran and when, with the short id; no ULID, SHA, ref path, phase or tool_use_id', () => {
        const c = bash('npm run build && npm test');
        const short = new shortIds_1.ShortIds([c.checkpoint_id, c.plan_id]);
        const tip = (0, treePresentation_1.checkpointTooltip)(c, NOW, short);
        assert.match(tip, /After a tool call of Claude Code/);
        assert.match(tip, /\| Ran \| `npm run build && npm test` \|/);
        assert.ok(tip.includes(`\`${short.of(c.checkpoint_id)}\``), tip);
        for (const raw of [c.checkpoint_id, c.plan_id, SHA, 'pins/', 'post_tool', 'Phase', 'tool_use_id', 'toolu_1', 'post_step'])
            assert.ok(!tip.includes(raw), `${raw} in ${tip}`);
        const promptTip = (0, treePresentation_1.checkpointTooltip)(prompt('add due dates'), NOW);
        assert.match(promptTip, /^\*\*“add due dates”\*\*/);
        assert.match(promptTip, /Prompt: the files before the agent worked on it/);
        assert.ok(!promptTip.includes('manual'), promptTip);
    });
    it('a checkpoint’s tooltip holds the whole of a reason its heading cuts: every line, escaped', () => {
        const tip = (0, treePresentation_1.checkpointTooltip)(checkpoint({ metadata: { reason: 'Before the refactor\nkeep the *old* API\r\nthird' } }), NOW);
        assert.match(tip, /^\*\*Before the refactor\*\*/);
        assert.ok(tip.includes('| Reason | Before the refactor\\\\nkeep the \\*old\\* API\\\\r\\\\nthird |'), tip);
        const long = 'x'.repeat(90);
        assert.ok((0, treePresentation_1.checkpointTooltip)(checkpoint({ metadata: { reason: long } }), NOW).includes(`| Reason | ${long} |`));
        assert.ok(!(0, treePresentation_1.checkpointTooltip)(checkpoint({ metadata: { reason: 'Short and whole' } }), NOW).includes('Reason'));
    });
    it('an agent session reads as a session: its own menus (`session.`), session words, no sandbox', () => {
        const list = [prompt('add due dates'), bash('npm test')];
        assert.equal((0, treePresentation_1.planContextValue)(plan(), list, false), 'session.executing.in_place');
        assert.equal((0, treePresentation_1.planContextValue)(plan(), [checkpoint()], false), 'plan.executing.in_place');
        assert.equal((0, treePresentation_1.planDescription)(plan(), 'claude-code'), 'active');
        assert.equal((0, treePresentation_1.planDescription)(plan({ state: 'completed' }), 'claude-code'), 'ended');
        assert.equal((0, treePresentation_1.planDescription)(plan()), 'executing · whole folder');
        const tip = (0, treePresentation_1.planTooltip)(plan({ state: 'completed', base_ref: SHA }), list, NOW, undefined, false, new shortIds_1.ShortIds([plan().plan_id]));
        assert.match(tip, /\| Session \| Claude Code, ended \|/);
        assert.match(tip, /the whole folder, in place/);
        assert.match(tip, /the agent’s next prompt starts a new session/);
        for (const raw of [SHA, plan().plan_id, 'sandbox', 'Sandbox'])
            assert.ok(!tip.includes(raw), `${raw} in ${tip}`);
    });
    it('a prompt row says when its newest tool call was, so it does not read older than its children', () => {
        const p = prompt('add due dates', '2026-12-03T11:58:30.000Z');
        assert.equal((0, promptPresentation_1.promptRowDescription)(p, [bash('npm test', '2026-12-03T11:59:40.000Z')], NOW), '1 min ago · 2.0 KiB · 1 checkpoint, latest just now');
        assert.equal((0, promptPresentation_1.promptRowDescription)(p, [bash('npm test', '2026-12-03T11:58:40.000Z')], NOW), '1 min ago · 2.0 KiB · 1 checkpoint');
        assert.equal((0, promptPresentation_1.promptRowDescription)(p, [], NOW), '1 min ago · 2.0 KiB · no change yet');
    });
});
//# sourceMappingURL=treePresentation.test.js.map