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
// The environment the VS Code extension gives `agents` in its terminals (AGENTS_WORKSPACE,
// AGENTS_DATABASE), read by the built CLI as a child process, and the launcher that runs it
// (bin/agents) on the runtime named by AGENTS_RUNTIME.
const assert = __importStar(require("node:assert/strict"));
const node_child_process_1 = require("node:child_process");
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const workspaceLocation_1 = require("../../src/cli/workspaceLocation");
const cliHarness_1 = require("./helpers/cliHarness");
const tempDir_1 = require("./helpers/tempDir");
describe('workspaceLocation (where a CLI command works)', () => {
    it('takes --workspace, else AGENTS_WORKSPACE, else the current directory; the database from AGENTS_DATABASE', () => {
        const cwd = path.resolve('/work/here');
        assert.deepEqual((0, workspaceLocation_1.workspaceLocation)(cwd, undefined, {}), { workspaceRoot: cwd, databasePath: undefined });
        assert.deepEqual((0, workspaceLocation_1.workspaceLocation)(cwd, undefined, { AGENTS_WORKSPACE: path.resolve('/ws'), AGENTS_DATABASE: 'data/cp.db' }), {
            workspaceRoot: path.resolve('/ws'),
            databasePath: 'data/cp.db',
        });
        assert.equal((0, workspaceLocation_1.workspaceLocation)(cwd, 'other', { AGENTS_WORKSPACE: path.resolve('/ws') }).workspaceRoot, path.join(cwd, 'other'));
        assert.deepEqual((0, workspaceLocation_1.workspaceLocation)(cwd, undefined, { AGENTS_WORKSPACE: '', AGENTS_DATABASE: '' }), { workspaceRoot: cwd, databasePath: undefined });
        assert.equal((0, workspaceLocation_1.workspaceLocation)(cwd, undefined, { AGENTS_DATABASE: './x\\y.db' }).databasePath, 'x/y.db');
    });
    it('refuses a database outside the workspace or a relative workspace, naming the variable', () => {
        for (const bad of ['../elsewhere.db', '/etc/cp.db', 'a/../../b.db', 'folder/', '.']) {
            assert.throws(() => (0, workspaceLocation_1.workspaceLocation)('/w', undefined, { AGENTS_DATABASE: bad }), /Validation Error: environment variable AGENTS_DATABASE/, bad);
        }
        assert.throws(() => (0, workspaceLocation_1.workspaceLocation)('/w', undefined, { AGENTS_WORKSPACE: 'relative/dir' }), /environment variable AGENTS_WORKSPACE "relative\/dir": must be an absolute path/);
    });
});
describe('agents in a VS Code terminal (the built dist/cli.js and bin/agents)', function () {
    this.timeout(120_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-cli-env-');
    before(function () {
        this.timeout(180_000);
        (0, cliHarness_1.ensureCliBuilt)();
    });
    it('works on the database AGENTS_DATABASE names in the folder AGENTS_WORKSPACE names, from any directory', () => {
        const ws = tempDir();
        const elsewhere = tempDir();
        const env = { AGENTS_WORKSPACE: ws, AGENTS_DATABASE: 'state/checkpoints.db' };
        const created = (0, cliHarness_1.runCli)(elsewhere, ['--format', 'json', 'plan', 'create', '--title', 'Via the terminal', '--sandbox', '.'], { env });
        assert.equal(created.code, 0, created.stderr);
        assert.ok((0, node_fs_1.existsSync)(path.join(ws, 'state', 'checkpoints.db')), 'the database was not made where AGENTS_DATABASE says');
        assert.equal((0, node_fs_1.existsSync)(path.join(ws, '.cleveragents', 'cleveragents.db')), false);
        assert.equal((0, node_fs_1.existsSync)(path.join(elsewhere, '.cleveragents')), false, 'the current directory was written to');
        const listed = (0, cliHarness_1.runCli)(elsewhere, ['--format', 'json', 'plan', 'list'], { env });
        assert.deepEqual(listed.json().plans.map((p) => p.title), ['Via the terminal']);
        // without the variables, the same directory is a workspace of its own, with no plans
        assert.equal((0, cliHarness_1.runCli)(ws, ['--format', 'json', 'plan', 'list']).json().plans.length, 0);
    });
    it('refuses a malformed AGENTS_DATABASE and writes nothing', () => {
        const ws = path.join(tempDir(), 'workspace');
        (0, node_fs_1.mkdirSync)(ws);
        const r = (0, cliHarness_1.runCli)(ws, ['--format', 'json', 'plan', 'create', '--title', 'x', '--sandbox', '.'], { env: { AGENTS_DATABASE: '../outside.db' } });
        assert.equal(r.code, 1);
        assert.match(r.json().error.message, /environment variable AGENTS_DATABASE "\.\.\/outside\.db": must not contain "\.\."/);
        assert.equal((0, node_fs_1.existsSync)(path.join(ws, '.cleveragents')), false);
        assert.equal((0, node_fs_1.existsSync)(path.join(path.dirname(ws), 'outside.db')), false);
    });
    it('bin/agents runs the CLI on AGENTS_RUNTIME with ELECTRON_RUN_AS_NODE=1, else on node', function () {
        if (process.platform === 'win32')
            this.skip();
        const dir = tempDir();
        // a runtime that says how it was started, then is node
        const runtime = path.join(dir, 'runtime');
        (0, node_fs_1.writeFileSync)(runtime, `#!/bin/sh\necho "ELECTRON_RUN_AS_NODE=$ELECTRON_RUN_AS_NODE" >&2\nexec ${JSON.stringify(process.execPath)} "$@"\n`, { mode: 0o755 });
        const launcher = path.join(cliHarness_1.REPO_ROOT, 'bin', 'agents');
        const viaRuntime = (0, node_child_process_1.spawnSync)(launcher, ['--version'], { encoding: 'utf8', env: { ...process.env, AGENTS_RUNTIME: runtime } });
        assert.equal(viaRuntime.status, 0, viaRuntime.stderr);
        assert.equal(viaRuntime.stderr.trim(), 'ELECTRON_RUN_AS_NODE=1');
        assert.match(viaRuntime.stdout.trim(), /^\d+\.\d+\.\d+$/);
        // without AGENTS_RUNTIME: the node on the PATH (ours, first)
        const env = { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}` };
        delete env.AGENTS_RUNTIME;
        const viaNode = (0, node_child_process_1.spawnSync)(launcher, ['--version'], { encoding: 'utf8', env });
        assert.equal(viaNode.status, 0, viaNode.stderr);
        assert.equal(viaNode.stdout.trim(), viaRuntime.stdout.trim());
    });
});
//# sourceMappingURL=cliEnvironment.test.js.map