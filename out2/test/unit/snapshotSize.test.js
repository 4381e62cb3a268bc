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
// An incremental snapshot measures its size from the paths status named: the old blobs by id, the
// new ones in the tree being written. git starts beside write-tree and gets the names once the
// tree is known, and never reads the sandbox's index (on a large sandbox that read costs more
// than the whole measure): checked with an index git cannot read.
const assert = __importStar(require("node:assert/strict"));
const node_child_process_1 = require("node:child_process");
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const gitEnvironment_1 = require("../../src/adapters/shadowStore/gitEnvironment");
const snapshotSize_1 = require("../../src/adapters/shadowStore/snapshotSize");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
describe('The size of an incremental snapshot', () => {
    const tempDir = (0, tempDir_1.useTempDirs)();
    function repository() {
        const root = tempDir();
        const gitDir = path.join(root, 'store.git');
        const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
        for (const k of Object.keys(env))
            if (k.startsWith('GIT_') && !k.startsWith('GIT_CONFIG'))
                delete env[k];
        (0, node_child_process_1.execFileSync)('git', ['init', '-q', '--bare', gitDir], { env });
        const work = path.join(root, 'work');
        const scratchIndex = path.join(root, 'scratch-index');
        const run = (args, input) => (0, node_child_process_1.execFileSync)('git', ['--git-dir', gitDir, '--work-tree', work, ...args], { env: { ...env, GIT_INDEX_FILE: scratchIndex }, input, encoding: 'utf8' }).trim();
        // The index the measure runs with is not an index at all: reading it would fail.
        const index = path.join(root, 'index');
        (0, node_fs_1.writeFileSync)(index, 'not an index');
        return {
            git: (0, gitEnvironment_1.shadowGit)({ cwd: root, gitDir, indexFile: index }),
            blob: (text) => run(['hash-object', '-w', '--stdin'], text),
            tree: (files) => {
                run(['read-tree', '--empty']);
                for (const [rel, text] of Object.entries(files))
                    (0, sandboxFixtures_1.write)(work, rel, text);
                run(['add', '--', ...Object.keys(files)]);
                return run(['write-tree']);
            },
        };
    }
    it('names the new blobs in the tree once it is written, and never reads the index', async () => {
        const r = repository();
        const oldA = r.blob('a\n');
        const oldGone = r.blob('gone, 12345\n');
        const tree = r.tree({ 'a.txt': 'a longer\n', 'dir/new.txt': 'new\n' });
        let resolveTree = () => undefined;
        const later = new Promise((resolve) => (resolveTree = resolve));
        const measuring = (0, snapshotSize_1.measureChangesIn)(r.git, { commit: tree, tree, sizeBytes: 100, fileCount: 10, skipped: [] }, later, [
            { before: oldA, path: 'a.txt' },
            { before: oldGone, path: 'gone.txt' },
            { path: 'dir/new.txt' },
        ]);
        setTimeout(() => resolveTree(tree), 20);
        // a.txt: 2 bytes to 9; gone.txt: 12 bytes and a file less; dir/new.txt: 4 bytes and a file more
        assert.deepEqual(await measuring, { sizeBytes: 100 + 7 - 12 + 4, fileCount: 10 });
    });
    it('fails, and leaves no git waiting, when the tree is not written', async () => {
        const r = repository();
        await assert.rejects((0, snapshotSize_1.measureChangesIn)(r.git, { commit: 'x', tree: 'x', sizeBytes: 1, fileCount: 1, skipped: [] }, Promise.reject(new Error('write-tree failed')), [{ path: 'a.txt' }]), /write-tree failed/);
    });
});
//# sourceMappingURL=snapshotSize.test.js.map