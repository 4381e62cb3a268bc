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
const node_child_process_1 = require("node:child_process");
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const stateFiles_1 = require("../../src/adapters/files/stateFiles");
const errors_1 = require("../../src/core/errors");
const tempDir_1 = require("./helpers/tempDir");
// The guarded layer every state file goes through (src/adapters/files/stateFiles.ts), on a real
// file system: links, FIFOs, other owners, modes.
const posix = process.platform !== 'win32';
describe('state files', function () {
    const temp = (0, tempDir_1.useTempDirs)('state-files-');
    function workspace() {
        const base = temp();
        const root = path.join(base, 'ws');
        const outside = path.join(base, 'outside');
        (0, node_fs_1.mkdirSync)(root);
        (0, node_fs_1.mkdirSync)(outside);
        return { root, outside };
    }
    it('makes folders one level at a time, 0700', function () {
        if (!posix)
            this.skip();
        const { root } = workspace();
        (0, stateFiles_1.makeStateDir)(root, path.join(root, '.cleveragents', 'hooks', 'sessions'));
        for (const dir of ['.cleveragents', '.cleveragents/hooks', '.cleveragents/hooks/sessions'])
            assert.equal((0, node_fs_1.statSync)(path.join(root, dir)).mode & 0o777, 0o700, dir);
    });
    it('refuses a link anywhere on the way, for every kind of access, and writes nothing through it', function () {
        if (!posix)
            this.skip();
        const { root, outside } = workspace();
        (0, node_fs_1.mkdirSync)(path.join(root, '.cleveragents'));
        (0, node_fs_1.symlinkSync)(outside, path.join(root, '.cleveragents', 'logs'));
        const file = path.join(root, '.cleveragents', 'logs', 'x.log');
        const attempts = [
            ['append', () => (0, stateFiles_1.appendStateFile)(root, file, 'line\n')],
            ['create', () => (0, stateFiles_1.createStateFile)(root, file, 'x')],
            ['write', () => (0, stateFiles_1.writeStateFile)(root, file, 'x')],
            ['read', () => (0, stateFiles_1.readStateText)(root, file, 100)],
            ['list', () => (0, stateFiles_1.listStateDir)(root, path.dirname(file))],
            ['folder', () => (0, stateFiles_1.makeStateDir)(root, path.join(path.dirname(file), 'sub'))],
        ];
        for (const [what, attempt] of attempts)
            assert.throws(attempt, errors_1.StoreRefusedError, what);
        assert.deepEqual((0, node_fs_1.readdirSync)(outside), []);
    });
    it('a link as the file itself: append refuses it, an atomic write replaces the link and never follows it', function () {
        if (!posix)
            this.skip();
        const { root, outside } = workspace();
        const target = path.join(outside, 'bashrc');
        (0, node_fs_1.writeFileSync)(target, 'kept\n');
        (0, node_fs_1.mkdirSync)(path.join(root, '.cleveragents'));
        const file = path.join(root, '.cleveragents', 'session.json');
        (0, node_fs_1.symlinkSync)(target, file);
        assert.throws(() => (0, stateFiles_1.appendStateFile)(root, file, 'x'), errors_1.StoreRefusedError);
        assert.equal((0, node_fs_1.readFileSync)(target, 'utf8'), 'kept\n');
    });
    it('a FIFO is refused at once, to read, to append and as a settings file', function () {
        if (!posix)
            this.skip();
        const { root } = workspace();
        (0, node_fs_1.mkdirSync)(path.join(root, '.cleveragents'));
        const fifo = path.join(root, '.cleveragents', 'hooks.log');
        assert.equal((0, node_child_process_1.spawnSync)('mkfifo', [fifo]).status, 0);
        assert.throws(() => (0, stateFiles_1.readStateText)(root, fifo, 100), /not a regular file/);
        assert.throws(() => (0, stateFiles_1.appendStateFile)(root, fifo, 'x'), /not a regular file/);
        assert.throws(() => (0, stateFiles_1.readRegularFile)(fifo, '.claude/settings.json', 100), /\.claude\/settings\.json is not a regular file/);
        assert.ok((0, node_fs_1.lstatSync)(fifo).isFIFO());
    });
    it('refuses a file or folder of another user (run as root, where one can be made)', function () {
        if (!posix || process.getuid?.() !== 0)
            this.skip();
        const { root } = workspace();
        (0, stateFiles_1.makeStateDir)(root, path.join(root, '.cleveragents'));
        const file = path.join(root, '.cleveragents', 'hooks.log');
        (0, node_fs_1.writeFileSync)(file, 'theirs\n');
        (0, node_fs_1.chownSync)(file, 4242, 4242);
        assert.throws(() => (0, stateFiles_1.appendStateFile)(root, file, 'x'), /another user/);
        (0, node_fs_1.chownSync)(path.join(root, '.cleveragents'), 4242, 4242);
        assert.throws(() => (0, stateFiles_1.readStateText)(root, path.join(root, '.cleveragents', 'other'), 100), /another user/);
    });
    it('files are made 0600; an exclusive create says when the file exists; makePrivate tightens a 0644 file', function () {
        if (!posix)
            this.skip();
        const { root } = workspace();
        const file = path.join(root, '.cleveragents', 'marker');
        assert.equal((0, stateFiles_1.createStateFile)(root, file, 'one'), true);
        assert.equal((0, stateFiles_1.createStateFile)(root, file, 'two'), false);
        assert.equal((0, stateFiles_1.readStateText)(root, file, 100), 'one');
        assert.equal((0, node_fs_1.statSync)(file).mode & 0o777, 0o600);
        const db = path.join(root, '.cleveragents', 'old.db');
        (0, node_fs_1.writeFileSync)(db, 'x', { mode: 0o644 });
        (0, stateFiles_1.makePrivate)(db);
        assert.equal((0, node_fs_1.statSync)(db).mode & 0o777, 0o600);
    });
    it('a file larger than the caller allows is refused', () => {
        const { root } = workspace();
        const file = path.join(root, '.cleveragents', 'big');
        (0, stateFiles_1.writeStateFile)(root, file, 'x'.repeat(200));
        assert.throws(() => (0, stateFiles_1.readStateText)(root, file, 100), /larger than 100 bytes/);
    });
});
//# sourceMappingURL=stateFiles.test.js.map