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
const fileLock_1 = require("../../src/adapters/files/fileLock");
const realDataPath_1 = require("../../src/adapters/files/realDataPath");
const renameOver_1 = require("../../src/adapters/files/renameOver");
const gitEnvironment_1 = require("../../src/adapters/shadowStore/gitEnvironment");
const hookWorkspace_1 = require("../../src/hooks/hookWorkspace");
const hookCommandLine_1 = require("../../src/hooks/install/hookCommandLine");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
const workspaceFixtures_1 = require("./helpers/workspaceFixtures");
// What differs on Windows and macOS, tested here with path.win32 / path.posix and injected
// file-system errors; the workflow (.github/workflows/ci.yml) runs this file on both as well.
describe('Windows and macOS: paths, case, renames over open files, locks', function () {
    this.timeout(120_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-platform-');
    describe('a tool’s file as the hooks record it (sandboxRelativePath)', () => {
        it('reads drive letters and backslashes with path.win32: another drive, a UNC path and `..` are outside', () => {
            const root = 'C:\\Users\\bob\\proj';
            const win = (base, file) => (0, hookWorkspace_1.sandboxRelativePath)(root, base, file, path.win32, true);
            assert.equal(win(undefined, 'C:\\Users\\bob\\proj\\src\\app.ts'), 'src/app.ts');
            assert.equal(win(undefined, 'c:\\users\\BOB\\proj\\src\\app.ts'), 'src/app.ts', 'drive letter and names in another case');
            assert.equal(win('C:\\Users\\bob\\proj\\src', '..\\README.md'), 'README.md');
            assert.equal(win(undefined, 'src/lib/x.ts'), 'src/lib/x.ts', 'forward slashes, relative to the root');
            assert.equal(win(undefined, 'D:\\Users\\bob\\proj\\src\\app.ts'), undefined, 'another drive');
            assert.equal(win(undefined, '\\\\server\\share\\proj\\a.txt'), undefined, 'a network share');
            assert.equal(win(undefined, 'C:\\Users\\bob\\other\\a.txt'), undefined);
            assert.equal(win(undefined, '..\\proj2\\a.txt'), undefined);
            assert.equal(win(undefined, '..notes.txt'), '..notes.txt', 'a name starting with two dots is inside');
        });
        it('leaves out our own folder in any case where the file system ignores case, and only there', () => {
            assert.equal((0, hookWorkspace_1.sandboxRelativePath)('C:\\p', undefined, 'C:\\p\\.CleverAgents\\cleveragents.db', path.win32, true), undefined);
            assert.equal((0, hookWorkspace_1.sandboxRelativePath)('/Users/bob/p', undefined, '/Users/bob/p/.CLEVERAGENTS/x', path.posix, true), undefined, 'macOS');
            assert.equal((0, hookWorkspace_1.sandboxRelativePath)('/home/bob/p', undefined, '/home/bob/p/.CleverAgents/x', path.posix, false), '.CleverAgents/x', 'Linux: another folder');
            assert.equal((0, hookWorkspace_1.sandboxRelativePath)('/home/bob/p', undefined, '/home/bob/p/.cleveragents/x', path.posix, false), undefined);
        });
        it('compares the home folder ignoring case where the platform does', () => {
            assert.ok((0, hookWorkspace_1.samePath)('C:\\Users\\Bob', 'c:\\users\\bob', true));
            assert.ok(!(0, hookWorkspace_1.samePath)('/home/Bob', '/home/bob', false));
        });
    });
    it('a data path is inside the workspace by path.win32 and path.posix: other drives and `..` are outside, `..notes` is inside', () => {
        assert.equal((0, realDataPath_1.relativeInside)('C:\\ws', 'C:\\ws\\.cleveragents\\cleveragents.db', path.win32), '.cleveragents\\cleveragents.db');
        assert.equal((0, realDataPath_1.relativeInside)('C:\\ws', 'c:\\WS\\.cleveragents', path.win32), '.cleveragents');
        assert.equal((0, realDataPath_1.relativeInside)('C:\\ws', 'D:\\ws\\.cleveragents', path.win32), undefined);
        assert.equal((0, realDataPath_1.relativeInside)('C:\\ws', 'C:\\other', path.win32), undefined);
        assert.equal((0, realDataPath_1.relativeInside)('C:\\ws', 'C:\\ws', path.win32), '');
        assert.equal((0, realDataPath_1.relativeInside)('/ws', '/ws/..notes', path.posix), '..notes');
        assert.equal((0, realDataPath_1.relativeInside)('/ws', '/ws/../x', path.posix), undefined);
        assert.equal((0, realDataPath_1.relativeInside)('/ws', '/', path.posix), undefined);
    });
    it('the hook command names Windows paths with forward slashes (Git Bash and cmd.exe both take them) and reads them back', () => {
        assert.equal((0, hookCommandLine_1.forwardSlashes)('C:\\Program Files\\nodejs\\node.exe'), 'C:/Program Files/nodejs/node.exe');
        assert.equal((0, hookCommandLine_1.forwardSlashes)('\\\\server\\tools\\node.exe'), '//server/tools/node.exe');
        assert.equal((0, hookCommandLine_1.forwardSlashes)('/opt/a\\b/node'), '/opt/a\\b/node', 'a POSIX name with a backslash stays');
        const program = { node: 'C:\\Program Files\\nodejs\\node.exe', cli: 'C:\\Users\\Bob\\.vscode\\extensions\\ca\\dist\\cli.js' };
        const command = (0, hookCommandLine_1.bashCommand)(program, 'claude-code');
        assert.equal(command, '"C:/Program Files/nodejs/node.exe" "C:/Users/Bob/.vscode/extensions/ca/dist/cli.js" hook run claude-code');
        assert.ok((0, hookCommandLine_1.isOurCommand)(command, 'claude-code'));
        assert.deepEqual((0, hookCommandLine_1.programOfCommand)(command), { node: 'C:/Program Files/nodejs/node.exe', cli: 'C:/Users/Bob/.vscode/extensions/ca/dist/cli.js' });
    });
    it('the Windows launcher (bin/agents.cmd) has CRLF line ends, runs dist\\cli.js beside it with every argument, and passes on the exit code', () => {
        const root = path.resolve(__dirname, '..', '..', '..');
        const text = (0, node_fs_1.readFileSync)(path.join(root, 'bin', 'agents.cmd'), 'latin1');
        // cmd.exe reads a batch file with bare LF wrongly around labels (`goto node`): every line ends in CRLF.
        assert.ok(text.endsWith('\r\n') && text.split('\r\n').every((line) => !line.includes('\n')), 'every line ends in CRLF');
        const lines = text.split('\r\n');
        assert.ok(lines.includes('"%AGENTS_RUNTIME%" "%~dp0..\\dist\\cli.js" %*'));
        assert.ok(lines.includes('node "%~dp0..\\dist\\cli.js" %*'));
        assert.equal(lines.filter((l) => l === 'exit /b %ERRORLEVEL%').length, 2);
        assert.ok(lines.includes('setlocal'), 'ELECTRON_RUN_AS_NODE stays inside the launcher');
        assert.match((0, node_fs_1.readFileSync)(path.join(root, '.gitattributes'), 'utf8'), /^\*\.cmd text eol=crlf$/m, 'checked out with CRLF everywhere');
    });
    describe('renames over a file another program holds open (Windows: EPERM, EACCES, EBUSY for a moment)', () => {
        function failing(times, code, platform) {
            const waits = [];
            let calls = 0;
            const deps = {
                platform,
                sleep: async (ms) => void waits.push(ms),
                rename: async (from, to) => {
                    calls += 1;
                    if (calls <= times)
                        throw Object.assign(new Error(`${code}: operation not permitted, rename '${from}' -> '${to}'`), { code });
                    (0, node_fs_1.renameSync)(from, to);
                },
            };
            return { deps, waits, calls: () => calls };
        }
        it('on Windows, retries until the other program lets go, and the file is replaced', async () => {
            const dir = tempDir();
            (0, node_fs_1.writeFileSync)(path.join(dir, 'target'), 'old');
            for (const code of ['EPERM', 'EACCES', 'EBUSY']) {
                (0, node_fs_1.writeFileSync)(path.join(dir, 'temp'), `new ${code}`);
                const f = failing(3, code, 'win32');
                await (0, renameOver_1.renameOver)(path.join(dir, 'temp'), path.join(dir, 'target'), f.deps);
                assert.equal((0, node_fs_1.readFileSync)(path.join(dir, 'target'), 'utf8'), `new ${code}`);
                assert.equal(f.calls(), 4);
                assert.deepEqual(f.waits, renameOver_1.RENAME_RETRY_DELAYS_MS.slice(0, 3));
            }
        });
        it('on Windows, gives up with the error once the waits are over; elsewhere, and for other errors, fails at once', async () => {
            const dir = tempDir();
            (0, node_fs_1.writeFileSync)(path.join(dir, 'temp'), 'new');
            const held = failing(Infinity, 'EPERM', 'win32');
            await assert.rejects((0, renameOver_1.renameOver)(path.join(dir, 'temp'), path.join(dir, 'target'), held.deps), { code: 'EPERM' });
            assert.equal(held.calls(), renameOver_1.RENAME_RETRY_DELAYS_MS.length + 1);
            for (const [code, platform] of [['EPERM', 'linux'], ['EACCES', 'darwin'], ['ENOSPC', 'win32'], ['ENOENT', 'win32']]) {
                const f = failing(1, code, platform);
                await assert.rejects((0, renameOver_1.renameOver)(path.join(dir, 'temp'), path.join(dir, 'target'), f.deps), { code });
                assert.equal(f.calls(), 1, `${code} on ${platform}`);
            }
        });
    });
    it('a lock file being deleted (Windows: EPERM, EACCES, EBUSY on create) is waited out like a held lock; elsewhere those fail', () => {
        for (const code of ['EPERM', 'EACCES', 'EBUSY']) {
            assert.ok((0, fileLock_1.lockIsHeld)(code, 'win32'), code);
            assert.ok(!(0, fileLock_1.lockIsHeld)(code, 'linux'), code);
            assert.ok(!(0, fileLock_1.lockIsHeld)(code, 'darwin'), code);
        }
        assert.ok((0, fileLock_1.lockIsHeld)('EEXIST', 'linux'));
        assert.ok(!(0, fileLock_1.lockIsHeld)('ENOSPC', 'win32'));
    });
    describe('case-insensitive file systems', () => {
        it('the shadow store ignores case where the platform’s file systems do', () => {
            assert.deepEqual(['win32', 'darwin', 'linux'].map((p) => (0, gitEnvironment_1.ignoreCaseFor)(p)), ['true', 'true', 'false']);
        });
        // On Linux this holds trivially; on macOS and Windows (the workflow) it fails with
        // core.ignorecase=false: the snapshot then holds both names and the rollback deletes the only file.
        it('a file renamed in case only, then rolled back: the file is there with the checkpoint’s content', async () => {
            const root = (0, workspaceFixtures_1.workspaceWith)(tempDir(), { 'Notes.txt': 'first\n' });
            const s = (0, sandboxFixtures_1.services)(root);
            try {
                const plan = await s.plans.createPlan({ title: 'case' });
                const c = await s.checkpoints.createCheckpoint(plan.plan_id, {});
                (0, node_fs_1.renameSync)(path.join(root, 'Notes.txt'), path.join(root, 'tmp-name'));
                (0, node_fs_1.renameSync)(path.join(root, 'tmp-name'), path.join(root, 'notes.txt'));
                (0, node_fs_1.writeFileSync)(path.join(root, 'notes.txt'), 'second\n');
                await s.checkpoints.createCheckpoint(plan.plan_id, {});
                await s.checkpoints.rollbackToCheckpoint(plan.plan_id, c.checkpoint.checkpoint_id);
                const names = (0, node_fs_1.readdirSync)(root).filter((n) => n !== '.cleveragents');
                assert.equal(names.length, 1, names.join());
                assert.equal(names[0].toLowerCase(), 'notes.txt');
                assert.equal((0, node_fs_1.readFileSync)(path.join(root, names[0]), 'utf8'), 'first\n');
            }
            finally {
                s.dispose();
            }
        });
    });
});
//# sourceMappingURL=platformPaths.test.js.map