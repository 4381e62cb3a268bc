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
// `AGENTS_HOOK_TIMINGS=1` (the bench's `--hooks --profile`): `hook run` ends with one line on stderr
// naming its phases in order and the snapshot's own phases; without it, nothing is written and the
// answer is the same. Through the built CLI, as an agent starts it.
const assert = __importStar(require("node:assert/strict"));
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const cliHarness_1 = require("./helpers/cliHarness");
const tempDir_1 = require("./helpers/tempDir");
function event(root, name) {
    const common = { session_id: 'timings-session', transcript_path: '/tmp/t.jsonl', cwd: root, permission_mode: 'default', hook_event_name: name };
    return JSON.stringify(name === 'UserPromptSubmit' ? { ...common, prompt: 'Change a.txt' } : { ...common, tool_name: 'Edit', tool_input: { file_path: path.join(root, 'a.txt') }, tool_use_id: 'toolu_1' });
}
describe('hook run’s phase timers (AGENTS_HOOK_TIMINGS=1)', function () {
    this.timeout(120_000);
    const tempDir = (0, tempDir_1.useTempDirs)();
    before(() => (0, cliHarness_1.ensureCliBuilt)());
    it('are off by default: nothing on stderr; on, one line of phases in order, with the snapshot’s own, and the same answer', () => {
        const root = tempDir();
        (0, node_fs_1.writeFileSync)(path.join(root, 'a.txt'), 'one\n');
        const env = { CLAUDE_PROJECT_DIR: root, AGENTS_HOOK_FIRST_SNAPSHOT_WAIT_MS: '60000' };
        const prompt = (0, cliHarness_1.runCli)(root, ['hook', 'run', 'claude-code'], { input: event(root, 'UserPromptSubmit'), env });
        assert.equal(prompt.code, 0);
        assert.equal(prompt.stderr, '');
        (0, node_fs_1.appendFileSync)(path.join(root, 'a.txt'), 'two\n');
        const quiet = (0, cliHarness_1.runCli)(root, ['hook', 'run', 'claude-code'], { input: event(root, 'PostToolUse'), env });
        assert.equal(quiet.code, 0);
        assert.equal(quiet.stderr, '', 'timers off: nothing written');
        (0, node_fs_1.appendFileSync)(path.join(root, 'a.txt'), 'three\n');
        // in this process (the resident process off), where every phase can be seen
        const timed = (0, cliHarness_1.runCli)(root, ['hook', 'run', 'claude-code'], { input: event(root, 'PostToolUse'), env: { ...env, AGENTS_HOOK_TIMINGS: '1', CLEVERAGENTS_NO_DAEMON: '1' } });
        assert.equal(timed.code, 0);
        assert.equal(timed.stdout, quiet.stdout, 'the answer does not change');
        const lines = timed.stderr.split('\n').filter(Boolean);
        assert.equal(lines.length, 1, timed.stderr);
        assert.ok(lines[0].startsWith('agents-hook-timings '), lines[0]);
        const t = JSON.parse(lines[0].slice('agents-hook-timings '.length));
        assert.deepEqual(t.marks.map(([name]) => name), ['hook bundle started', 'hook bundle loaded', 'stdin read', 'event parsed', 'workspace found', 'store bundle loaded', 'services made', 'session plan found (store opened, database loaded)', 'checkpoints listed', 'checkpoint job (snapshot, database write)', 'hooks.log written', 'stdout written']);
        const times = [t.bootstrapComplete, ...t.marks.map(([, at]) => at)];
        assert.deepEqual(times, [...times].sort((a, b) => a - b), 'each mark after the one before');
        assert.ok(t.notes.some((n) => /^snapshot \S+: 1 changed path\(s\); prepare .* status .* pin /.test(n)), t.notes.join('\n'));
    });
    it('through the resident process: the client’s own phases, and the same answer', async () => {
        const root = tempDir();
        (0, node_fs_1.writeFileSync)(path.join(root, 'a.txt'), 'one\n');
        const env = { CLAUDE_PROJECT_DIR: root, AGENTS_HOOK_FIRST_SNAPSHOT_WAIT_MS: '60000' };
        const on = env;
        assert.equal((0, cliHarness_1.runCli)(root, ['hook', 'run', 'claude-code'], { input: event(root, 'UserPromptSubmit'), env: on }).code, 0);
        // the first call starts the resident process; wait until it answers
        let names = [];
        for (let i = 0; i < 40 && !names.includes('resident process answered'); i++) {
            (0, node_fs_1.appendFileSync)(path.join(root, 'a.txt'), `line ${i}\n`);
            const timed = (0, cliHarness_1.runCli)(root, ['hook', 'run', 'claude-code'], { input: event(root, 'PostToolUse'), env: { ...on, AGENTS_HOOK_TIMINGS: '1' } });
            assert.equal(timed.code, 0);
            const line = timed.stderr.split('\n').find((l) => l.startsWith('agents-hook-timings '));
            assert.ok(line, timed.stderr);
            names = JSON.parse(line.slice('agents-hook-timings '.length)).marks.map(([name]) => name);
            if (!names.includes('resident process answered'))
                await new Promise((r) => setTimeout(r, 250));
        }
        assert.deepEqual(names, ['hook bundle started', 'stdin read', 'resident process answered', 'stdout written']);
        (0, cliHarness_1.runCli)(root, ['daemon', 'stop'], { env: on });
    });
});
//# sourceMappingURL=hookTimings.test.js.map