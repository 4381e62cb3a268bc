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
// A snapshot writes its blobs and its commit as git's loose objects in this process. The store is
// workspace content: a symbolic link planted in objects/ (or in one of its two-letter folders)
// after the store was checked must not carry either write out of the store.
const assert = __importStar(require("node:assert/strict"));
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const gitCommitObject_1 = require("../../src/adapters/shadowStore/gitCommitObject");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
const WHO = { name: 'CleverAgents', email: 'checkpoints@cleveragents.invalid' };
const WHEN = new Date(Date.UTC(2026, 11, 2));
describe('Loose objects written in this process', function () {
    this.timeout(60_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-loose-object-');
    /** A bare store, its objects folder, and a folder outside it that a planted link points to. */
    function store() {
        const root = tempDir();
        (0, sandboxFixtures_1.git)(root, 'init', '-q', '--bare', 'shadow.git');
        const outside = path.join(root, 'outside');
        (0, node_fs_1.mkdirSync)(outside);
        return { root, objects: path.join(root, 'shadow.git', 'objects'), outside };
    }
    it('a commit is written as git would write it (git fsck passes, git reads its tree)', async () => {
        const s = store();
        (0, sandboxFixtures_1.git)(s.root, '--git-dir=shadow.git', 'hash-object', '-w', '-t', 'tree', '/dev/null');
        const oid = await (0, gitCommitObject_1.writeCommitObject)(s.objects, EMPTY_TREE, 'snapshot', WHO, WHEN);
        (0, sandboxFixtures_1.git)(s.root, '--git-dir=shadow.git', 'fsck', '--strict', '--no-dangling', oid);
        assert.equal((0, sandboxFixtures_1.git)(s.root, '--git-dir=shadow.git', 'rev-parse', `${oid}^{tree}`).trim(), EMPTY_TREE);
        assert.equal(await (0, gitCommitObject_1.writeCommitObject)(s.objects, EMPTY_TREE, 'snapshot', WHO, WHEN), oid, 'the same commit again is the same object');
    });
    it('a link planted as the commit’s objects/xx folder is not written through: the commit fails, nothing lands outside', async () => {
        const probe = store();
        const oid = await (0, gitCommitObject_1.writeCommitObject)(probe.objects, EMPTY_TREE, 'snapshot', WHO, WHEN);
        const s = store();
        (0, node_fs_1.symlinkSync)(s.outside, path.join(s.objects, oid.slice(0, 2)));
        await assert.rejects((0, gitCommitObject_1.writeCommitObject)(s.objects, EMPTY_TREE, 'snapshot', WHO, WHEN), /is not a folder of the store \(a link\?\)/);
        assert.deepEqual((0, node_fs_1.readdirSync)(s.outside), [], 'an object was written outside the store');
    });
    it('a link planted as objects/ itself is not written through: the commit fails, nothing lands outside', async () => {
        const s = store();
        (0, node_fs_1.rmSync)(s.objects, { recursive: true });
        (0, node_fs_1.symlinkSync)(s.outside, s.objects);
        await assert.rejects((0, gitCommitObject_1.writeCommitObject)(s.objects, EMPTY_TREE, 'snapshot', WHO, WHEN), /is not a folder of the store \(a link\?\)/);
        assert.deepEqual((0, node_fs_1.readdirSync)(s.outside), [], 'an object was written outside the store');
    });
});
//# sourceMappingURL=looseObject.test.js.map