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
const os = __importStar(require("node:os"));
const path = __importStar(require("node:path"));
const hookRuntime_1 = require("../../src/extension/agentHooks/hookRuntime");
const hookCommandLine_1 = require("../../src/hooks/install/hookCommandLine");
// The runtime a hook installed from VS Code starts, outside VS Code: through a launcher in the global
// storage, which sets ELECTRON_RUN_AS_NODE for VS Code's Electron (else the binary opens the editor),
// and outlives the versioned folder of a VS Code server's node.
describe('The runtime of hooks installed from VS Code', () => {
    let dir;
    beforeEach(() => {
        dir = (0, node_fs_1.mkdtempSync)(path.join(os.tmpdir(), 'hookrt-'));
    });
    afterEach(() => (0, node_fs_1.rmSync)(dir, { recursive: true, force: true }));
    const host = (over) => ({ distDir: path.join(dir, 'dist'), storageDir: path.join(dir, 'storage'), execPath: process.execPath, electron: undefined, platform: 'linux', env: {}, ...over });
    it('a plain Node.js host (a VS Code server, code-server) names a launcher that runs its node, without ELECTRON_RUN_AS_NODE', async function () {
        if (process.platform === 'win32')
            this.skip();
        const program = await (0, hookRuntime_1.vscodeHookProgram)(host({}));
        assert.deepEqual(program, { node: path.join(dir, 'storage', 'hook-runtime', 'node'), cli: path.join(dir, 'storage', 'hook-runtime', 'cli.js') }, 'the launcher and the stable shim, not the versioned node and dist/cli.js');
        const out = (0, node_child_process_1.execFileSync)(program.node, ['-e', 'process.stdout.write(`${process.execPath} ${process.env.ELECTRON_RUN_AS_NODE}`)'], { encoding: 'utf8', env: {} });
        assert.equal(out, `${process.execPath} undefined`);
        assert.deepEqual((0, hookCommandLine_1.programOfCommand)((0, hookCommandLine_1.bashCommand)(program, 'claude-code')), program);
    });
    it('a plain Node.js host on Windows names its node as it is', async () => {
        const program = await (0, hookRuntime_1.vscodeHookProgram)(host({ platform: 'win32' }));
        assert.equal(program.node, process.execPath);
    });
    describe('after an update removed the runtime the launcher names', () => {
        // The server's versioned folder: a runtime of its own, removed as an update removes it. Each
        // runtime here is node behind a script that says which one ran.
        let server;
        let runtime;
        const fakeNode = (file, name) => {
            (0, node_fs_1.writeFileSync)(file, `#!/bin/sh\nRUNTIME=${name} exec "${process.execPath}" "$@"\n`, { mode: 0o755 });
        };
        beforeEach(() => {
            server = path.join(dir, 'vscode-server', 'bin', 'c0ffee');
            (0, node_fs_1.mkdirSync)(server, { recursive: true });
            runtime = path.join(server, 'node');
            fakeNode(runtime, 'server');
        });
        const ask = (launcher, env) => (0, node_child_process_1.spawnSync)(launcher, ['-e', 'process.stdout.write("ran " + process.env.RUNTIME)'], { encoding: 'utf8', env });
        it('runs a node on the PATH in its place', async function () {
            if (process.platform === 'win32')
                this.skip();
            const program = await (0, hookRuntime_1.vscodeHookProgram)(host({ execPath: runtime }));
            assert.equal(ask(program.node, { PATH: '/usr/bin:/bin' }).stdout, 'ran server');
            (0, node_fs_1.rmSync)(server, { recursive: true });
            const onPath = path.join(dir, 'path');
            (0, node_fs_1.mkdirSync)(onPath);
            fakeNode(path.join(onPath, 'node'), 'path');
            const r = ask(program.node, { PATH: `${onPath}:/usr/bin:/bin` });
            assert.equal(r.status, 0, r.stderr);
            assert.equal(r.stdout, 'ran path');
        });
        it('with no node on the PATH, fails saying which runtime is gone and how to repair it', async function () {
            if (process.platform === 'win32')
                this.skip();
            const program = await (0, hookRuntime_1.vscodeHookProgram)(host({ execPath: runtime }));
            (0, node_fs_1.rmSync)(server, { recursive: true });
            const empty = path.join(dir, 'empty');
            (0, node_fs_1.mkdirSync)(empty);
            const r = ask(program.node, { PATH: empty });
            assert.equal(r.status, 1);
            assert.equal(r.stderr.trim(), `CleverAgents Checkpoints: ${runtime} is gone (VS Code or its server was updated) and no node is on the PATH; open this workspace in VS Code once to repair the hooks' runtime.`);
        });
        it('is rewritten at activation for the runtime of this start, only when hooks already name it', async function () {
            if (process.platform === 'win32')
                this.skip();
            assert.equal(await (0, hookRuntime_1.refreshLauncher)(host({ execPath: runtime })), false, 'no launcher yet: nothing written');
            assert.equal((0, node_fs_1.existsSync)(path.join(dir, 'storage', 'hook-runtime', 'node')), false);
            const program = await (0, hookRuntime_1.vscodeHookProgram)(host({ execPath: runtime }));
            (0, node_fs_1.rmSync)(server, { recursive: true });
            const updated = path.join(dir, 'vscode-server', 'bin', 'decade', 'node');
            (0, node_fs_1.mkdirSync)(path.dirname(updated), { recursive: true });
            fakeNode(updated, 'updated');
            assert.equal(await (0, hookRuntime_1.refreshLauncher)(host({ execPath: updated })), true);
            const r = ask(program.node, { PATH: path.join(dir, 'nothing') });
            assert.equal(r.status, 0, r.stderr);
            assert.equal(r.stdout, 'ran updated');
        });
    });
    it('an Electron host names a launcher that runs its runtime with ELECTRON_RUN_AS_NODE=1, which the installer parses back', async function () {
        if (process.platform === 'win32')
            this.skip();
        const program = await (0, hookRuntime_1.vscodeHookProgram)(host({ electron: '37.0.0' }));
        assert.equal(program.node, path.join(dir, 'storage', 'hook-runtime', 'node'));
        assert.equal((0, node_fs_1.statSync)(program.node).mode & 0o111, 0o111, 'executable');
        const out = (0, node_child_process_1.execFileSync)(program.node, ['-e', 'process.stdout.write(String(process.env.ELECTRON_RUN_AS_NODE))'], { encoding: 'utf8', env: {} });
        assert.equal(out, '1');
        assert.deepEqual((0, hookCommandLine_1.programOfCommand)((0, hookCommandLine_1.bashCommand)(program, 'cursor')), program);
        assert.equal((0, hookCommandLine_1.programResolves)(program), false, 'the shim is written, but no dist/cli.js is there for it to load in this test');
    });
    it('an Electron host on Windows without node.exe on the PATH refuses, saying what to install', async () => {
        await assert.rejects((0, hookRuntime_1.vscodeHookProgram)(host({ electron: '37.0.0', platform: 'win32', env: { PATH: dir } })), /no node\.exe was found on the PATH/);
    });
});
//# sourceMappingURL=hookRuntime.test.js.map