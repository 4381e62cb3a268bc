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
// An operation a dead process left half done, as the user meets it in VS Code: a notification
// says which plan and what was interrupted, and its Finish It button completes the operation.
const assert = __importStar(require("node:assert/strict"));
const fs = __importStar(require("node:fs"));
const path = __importStar(require("node:path"));
const composition_1 = require("../../src/composition");
const interruptedRollback_1 = require("../unit/helpers/interruptedRollback");
const workbench_1 = require("./workbench");
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
describe('An interrupted rollback, offered to finish when VS Code starts', () => {
    let planId = '';
    const wb = (0, workbench_1.useWorkbench)({
        prepare: async (dir) => {
            const s = (0, composition_1.createWorkspaceServices)({ workspaceRoot: dir, wasmDir: path.join(REPO_ROOT, 'dist'), logger: quiet });
            try {
                planId = (await (0, interruptedRollback_1.makeInterruptedRollback)(dir, s)).planId;
            }
            finally {
                s.dispose();
            }
        },
    });
    it('shows the notification; Finish It makes the files the checkpoint\'s and clears the record', async function () {
        this.timeout(120_000);
        const { page, workspaceDir } = wb;
        const message = await (0, workbench_1.waitForNotification)(page, /was interrupted/, 60_000);
        // The plan by its title, the checkpoint by its label and time: no ids.
        assert.match(message, /^“interrupted”: a rollback to “one” \(taken (just now|\d+ min ago)\) was interrupted \(started (just now|\d+ min ago) by process \d+\)/);
        assert.ok(!message.includes(planId), message);
        assert.doesNotMatch(message, /[0-9A-HJKMNP-TV-Z]{26}/);
        await (0, workbench_1.openView)(page, 'Checkpoints');
        const rows = await (0, workbench_1.waitForTreeRow)(page, 'interrupted');
        assert.match(rows.find((r) => r.label === 'interrupted').description, /^interrupted rollback · draft/);
        await (0, workbench_1.screenshot)(page, 'interrupted-1-notification');
        const toast = page.locator('.notifications-toasts .notification-list-item', { hasText: 'was interrupted' }).first();
        await toast.locator('.monaco-button', { hasText: 'Finish It' }).click();
        await (0, workbench_1.waitForNotification)(page, /Finished a rollback to “one” \(taken (just now|\d+ min ago)\) of “interrupted”\./, 60_000);
        await (0, workbench_1.waitForTreeRow)(page, 'interrupted');
        await page.locator('.part.sidebar .monaco-list-row .label-description', { hasText: /^interrupted/ }).first().waitFor({ state: 'detached', timeout: 20_000 });
        await (0, workbench_1.screenshot)(page, 'interrupted-2-finished');
        assert.equal(fs.readFileSync(path.join(workspaceDir, 'a.txt'), 'utf8'), 'one\n');
        assert.equal(fs.readFileSync(path.join(workspaceDir, 'b.txt'), 'utf8'), 'one\n');
        assert.ok(!fs.existsSync(path.join(workspaceDir, '.cleveragents', 'operations', `${planId}.json`)));
    });
});
//# sourceMappingURL=interruptedOperation.e2e.js.map