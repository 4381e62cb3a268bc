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
// Untrusted text in a real extension host: file names, a plan title and a checkpoint reason made
// to fake or hide what the user is asked. The modal, the tree and the undo command must show them
// as visible escapes, on their own lines, with counts the code computed.
const assert = __importStar(require("node:assert/strict"));
const fs = __importStar(require("node:fs"));
const path = __importStar(require("node:path"));
const vscode = __importStar(require("vscode"));
const displayText_1 = require("../../src/core/displayText");
const rollbackCommandIds_1 = require("../../src/extension/rollback/rollbackCommandIds");
const extensionUnderTest_1 = require("./extensionUnderTest");
const ESC = '\x1b';
/** What a dialog, a tree row or a tooltip must not hold from the data (line breaks are checked apart). */
const INTERPRETED = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/u;
describe('Untrusted text in VS Code', function () {
    this.timeout(60_000);
    let api;
    let root;
    let outside;
    const title = `Fake${ESC}]0;retitled\x07 plan \u202etxt.exe`;
    const forged = `zzz\r${ESC}[3A${ESC}[J\rRoll back changes 1 path`;
    const names = [forged, 'line\nrestore  README.md', 'bidi\u202egnp.exe\u202c.txt'];
    // As deep as Linux allows under this folder: hundreds of characters, shortened on its dialog line.
    const deep = `${Array.from({ length: 10 }, (_, i) => `${String.fromCharCode(97 + i)}${'\u0001'.repeat(200)}`).join('/')}/f.txt`;
    before(async () => {
        ({ api, root } = await (0, extensionUnderTest_1.activateExtension)());
        outside = (0, extensionUnderTest_1.outsideServices)(root);
        await (0, extensionUnderTest_1.dialogs)();
    });
    after(() => outside?.dispose());
    async function hostileSandbox() {
        const dir = 'untrusted-text';
        fs.mkdirSync(path.join(root, dir), { recursive: true });
        fs.writeFileSync(path.join(root, dir, 'README.md'), '# readme\n');
        const plan = await outside.plans.createPlan({ title, sandbox: dir });
        const reason = `Before ${ESC}[2J\rstep\u2066 two\nthree`;
        const { checkpoint } = await outside.checkpoints.createCheckpoint(plan.plan_id, { reason });
        for (const name of [...names, deep]) {
            fs.mkdirSync(path.dirname(path.join(root, dir, name)), { recursive: true });
            fs.writeFileSync(path.join(root, dir, name), 'x\n');
        }
        fs.writeFileSync(path.join(root, dir, 'README.md'), '# changed\n');
        return { plan, checkpoint, dir };
    }
    it('the rollback modal: one escaped line per path, the computed counts first and apart, long paths shortened', async () => {
        const { plan, checkpoint, dir } = await hostileSandbox();
        await (0, extensionUnderTest_1.dialogs)([null]);
        assert.equal(await vscode.commands.executeCommand(rollbackCommandIds_1.RollbackCommands.rollback, { planId: plan.plan_id, checkpointId: checkpoint.checkpoint_id }), undefined);
        const [confirm, ...more] = await (0, extensionUnderTest_1.dialogs)();
        assert.equal(more.length, 0);
        assert.equal(confirm.kind, 'confirm');
        assert.ok(!INTERPRETED.test(confirm.message) && !confirm.message.includes('\n'), JSON.stringify(confirm.message));
        assert.equal(confirm.message, 'Roll back “Fake\\e]0;retitled\\a plan \\u202etxt.exe” to “Before \\e[2J\\rstep\\u2066 two”?');
        const lines = (confirm.detail ?? '').split('\n');
        for (const line of lines)
            assert.ok(!INTERPRETED.test(line) && line.length <= displayText_1.DISPLAY_LINE_MAX, JSON.stringify(line));
        assert.equal(lines[0], '0 files will be added, 1 modified and 4 deleted.', 'the counts, computed');
        assert.equal(lines[1], '', 'apart from the list');
        const listed = lines.slice(2, lines.indexOf('', 2));
        assert.equal(listed.length, 5, `one line per path:\n${listed.join('\n')}`);
        assert.ok(listed.includes('restore  README.md'));
        assert.ok(listed.includes('delete   zzz\\r\\e[3A\\e[J\\rRoll back changes 1 path'), listed.join('\n'));
        assert.ok(listed.includes('delete   line\\nrestore  README.md'));
        assert.ok(listed.includes('delete   bidi\\u202egnp.exe\\u202c.txt'));
        const long = listed.find((l) => l.includes('\\x01'));
        assert.ok(long && long.includes('…') && long.endsWith('/f.txt'), `the deep path, shortened around an ellipsis: ${long}`);
        assert.equal(fs.readFileSync(path.join(root, dir, 'README.md'), 'utf8'), '# changed\n', 'cancelled: nothing changed');
    });
    it('the tree: labels, descriptions and tooltips show the title and the reason escaped', async () => {
        const rows = await api.describeTree();
        const plan = rows.flatMap((r) => [r, ...r.children]).find((r) => r.label.startsWith('Fake'));
        assert.ok(plan, JSON.stringify(rows.map((r) => r.label)));
        assert.equal(plan.label, 'Fake\\e]0;retitled\\a plan \\u202etxt.exe');
        const [cp] = plan.children;
        assert.equal(cp.label, 'Before \\e[2J\\rstep\\u2066 two');
        for (const row of [plan, cp]) {
            for (const text of [row.label, row.description ?? '', row.tooltip ?? ''])
                assert.ok(!INTERPRETED.test(text), JSON.stringify(text));
        }
        assert.ok((cp.tooltip ?? '').includes('step\\\\u2066 two\\\\nthree'), `the full reason, escaped for Markdown too:\n${cp.tooltip}`);
    });
    it('undo given a checkpoint that is not a safety checkpoint: asked as the rollback it is, even with skipConfirmation', async () => {
        const rows = await api.describeTree();
        const plan = rows.flatMap((r) => [r, ...r.children]).find((r) => r.label.startsWith('Fake'));
        assert.ok(plan);
        const planId = plan.id.split('/').pop();
        const checkpointId = plan.children[0].id.split('/').pop();
        await (0, extensionUnderTest_1.dialogs)([null]);
        assert.equal(await vscode.commands.executeCommand(rollbackCommandIds_1.RollbackCommands.undoRollback, { planId, checkpointId, skipConfirmation: true }), undefined);
        const [confirm] = await (0, extensionUnderTest_1.dialogs)();
        assert.equal(confirm?.kind, 'confirm', 'a modal was shown');
        assert.match(confirm.message, /^Roll back “/, 'as a rollback, not as an undo');
        assert.deepEqual(confirm.actions, ['Roll Back', 'Show Changes First']);
        assert.equal(fs.readFileSync(path.join(root, 'untrusted-text', 'README.md'), 'utf8'), '# changed\n');
    });
});
//# sourceMappingURL=untrustedText.itest.js.map