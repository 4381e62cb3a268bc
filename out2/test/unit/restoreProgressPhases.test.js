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
const errors_1 = require("../../src/core/errors");
const restoreProgressPhases_1 = require("../../src/extension/restoreProgressPhases");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
/**
 * A window that records the notifications it shows; `onOpen` runs as each one opens. `late`: it
 * starts a notification's task a moment after being asked (as a busy window may).
 */
function fakeWindow(onOpen = () => undefined, late = false) {
    const shown = [];
    const notify = async (cancellable, task) => {
        if (late)
            await tick();
        let cancelListener;
        const entry = {
            cancellable,
            messages: [],
            closed: false,
            pressCancel: () => {
                assert.ok(cancellable, 'a notification without Cancel has no button to press');
                entry.closed = true;
                cancelListener?.();
            },
        };
        shown.push(entry);
        const done = task((m) => void entry.messages.push(m), (listener) => (cancelListener = listener));
        onOpen(entry, shown);
        await done;
        entry.closed = true;
    };
    return { notify, shown };
}
function deferred() {
    let resolve;
    const promise = new Promise((r) => (resolve = r));
    return { promise, resolve };
}
/** Lets the promise callbacks queued so far run. */
const tick = () => new Promise((r) => setImmediate(r));
describe('restore progress phases: Cancel only while it can be honoured', () => {
    const tempDir = (0, tempDir_1.useTempDirs)();
    const planWithChanges = (files) => (0, sandboxFixtures_1.planWithChangedFiles)(tempDir(), files);
    it('a real rollback: a notification with Cancel while the files are saved first, then one without it counting the files restored', async () => {
        const { root, s, plan, checkpoint } = await planWithChanges(200);
        let tooLate = 0;
        const phases = new restoreProgressPhases_1.RestorePhases({ tooLate: () => void tooLate++ });
        const work = s.checkpoints.rollbackToCheckpoint(plan.plan_id, checkpoint.checkpoint_id, undefined, { progress: (step) => phases.progress(step), cancelled: () => phases.cancelled });
        const settled = work.then(() => undefined);
        const { notify, shown } = fakeWindow();
        await phases.show(settled, notify);
        await work;
        assert.deepEqual(shown.map((n) => n.cancellable), [true, false]);
        assert.deepEqual(shown[0].messages, ['saving the current files first']);
        assert.equal(shown[1].messages[0], '0 of 200 files restored');
        assert.equal(shown[1].messages.at(-1), '200 of 200 files restored');
        assert.ok(shown.every((n) => n.closed));
        assert.equal(tooLate, 0);
        assert.equal((0, node_fs_1.readFileSync)(path.join(root, 'many/file7.txt'), 'utf8'), 'v1 7\n');
        s.dispose();
    });
    it('a real rollback cancelled from the first notification: a notification without Cancel says it stops, and nothing changes', async () => {
        const { root, s, plan, checkpoint } = await planWithChanges(50);
        const before = (0, sandboxFixtures_1.hashTree)(root);
        let tooLate = 0;
        const phases = new restoreProgressPhases_1.RestorePhases({ tooLate: () => void tooLate++ });
        const work = s.checkpoints.rollbackToCheckpoint(plan.plan_id, checkpoint.checkpoint_id, undefined, { progress: (step) => phases.progress(step), cancelled: () => phases.cancelled });
        const settled = work.then(() => undefined, () => undefined);
        const { notify, shown } = fakeWindow((n) => {
            if (n.cancellable)
                n.pressCancel();
        });
        await phases.show(settled, notify);
        await assert.rejects(work, (e) => e instanceof errors_1.OperationCancelled);
        assert.deepEqual(shown.map((n) => [n.cancellable, n.messages]), [
            [true, ['saving the current files first']],
            [false, ['stopping; nothing is changed']],
        ]);
        assert.equal(tooLate, 0);
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(root), before);
        s.dispose();
    });
    it('a Cancel that comes after the last check before the first write: said once to be too late, and the counts show without Cancel', async () => {
        let tooLate = 0;
        const phases = new restoreProgressPhases_1.RestorePhases({ tooLate: () => void tooLate++ });
        const end = deferred();
        const { notify, shown } = fakeWindow();
        const showing = phases.show(end.promise, notify);
        await tick();
        assert.equal(shown.length, 1);
        shown[0].pressCancel(); // the engine had already asked: it goes on writing
        await tick();
        assert.deepEqual(shown[1].messages, ['stopping; nothing is changed']);
        phases.progress({ phase: 'writing', written: 0, total: 3 });
        await tick();
        phases.progress({ phase: 'writing', written: 3, total: 3 });
        end.resolve();
        await showing;
        assert.equal(tooLate, 1);
        assert.deepEqual(shown.map((n) => n.cancellable), [true, false, false]);
        assert.deepEqual(shown[2].messages, ['0 of 3 files restored', '3 of 3 files restored']);
    });
    it('work that is already writing when it proves slow: one notification, without Cancel', async () => {
        const phases = new restoreProgressPhases_1.RestorePhases({ tooLate: () => assert.fail('no cancel was pressed') });
        phases.progress({ phase: 'safety' });
        phases.progress({ phase: 'writing', written: 5, total: 10 });
        const end = deferred();
        const { notify, shown } = fakeWindow();
        const showing = phases.show(end.promise, notify);
        phases.progress({ phase: 'writing', written: 10, total: 10 });
        await tick();
        end.resolve();
        await showing;
        assert.deepEqual(shown.map((n) => [n.cancellable, n.messages.length, n.closed]), [[false, 2, true]]);
    });
    it('work that ends before its notification starts: the notification closes at once', async () => {
        const phases = new restoreProgressPhases_1.RestorePhases({ tooLate: () => assert.fail('no cancel was pressed') });
        const { notify, shown } = fakeWindow(undefined, true);
        await phases.show(Promise.resolve(), notify);
        assert.ok(shown.length === 1 && shown[0].closed);
    });
});
describe('restore progress texts: whole in a collapsed notification', () => {
    it('every title with every message, up to 999,999 files, fits one line of a toast', () => {
        const messages = [(0, restoreProgressPhases_1.phaseMessage)({ phase: 'safety' }, false), (0, restoreProgressPhases_1.phaseMessage)({ phase: 'safety' }, true), (0, restoreProgressPhases_1.phaseMessage)({ phase: 'writing', written: 999_999, total: 999_999 }, false)];
        const lines = Object.values(restoreProgressPhases_1.RestoreTitles).flatMap((title) => messages.map((m) => `${title}: ${m}`));
        assert.deepEqual(lines.filter((l) => [...l].length > restoreProgressPhases_1.TOAST_LINE_CHARS), []);
        assert.equal(lines.length, 15);
    });
    it('what the line leaves out goes to the log at the first write: the names, that it cannot stop, what takes it back', () => {
        assert.equal((0, restoreProgressPhases_1.writingLogLine)('Rolling “Rename everything” back to “Before the rename”', 20_000, 'Undo Rollback'), 'Rolling “Rename everything” back to “Before the rename”: writing 20,000 files; from now on it cannot stop half-way (the notification has no Cancel); Undo Rollback takes it back.');
    });
});
//# sourceMappingURL=restoreProgressPhases.test.js.map