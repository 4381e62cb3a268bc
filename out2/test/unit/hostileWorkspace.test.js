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
const sessionPlans_1 = require("../../src/hooks/sessionPlans");
const cliHarness_1 = require("./helpers/cliHarness");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
/** A hook call or command as a new process, killed after 60 s: a FIFO that blocks it shows as a signal. */
function agents(root, args, input = '', env = {}) {
    const r = (0, node_child_process_1.spawnSync)(process.execPath, [cliHarness_1.CLI_PATH, ...args], { cwd: root, input, env: (0, cliHarness_1.cliEnv)({ CLAUDE_PROJECT_DIR: root, AGENTS_HOOK_FIRST_SNAPSHOT_WAIT_MS: '60000', ...env }), encoding: 'utf8', timeout: 60_000 });
    return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}
function prompt(root, sessionId, text = 'add due dates') {
    const r = agents(root, ['hook', 'run', 'claude-code'], JSON.stringify({ session_id: sessionId, hook_event_name: 'UserPromptSubmit', cwd: root, prompt: text }));
    assert.equal(r.signal, null, 'the hook ended on its own');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, '', 'Claude Code is answered with nothing');
    return r;
}
function mkfifo(file) {
    (0, node_fs_1.mkdirSync)(path.dirname(file), { recursive: true });
    const r = (0, node_child_process_1.spawnSync)('mkfifo', [file]);
    assert.equal(r.status, 0, `mkfifo ${file}`);
}
function checkpointCount(root) {
    const r = agents(root, ['--format', 'json', 'plan', 'list']);
    if (r.code !== 0)
        return 0;
    let count = 0;
    for (const plan of JSON.parse(r.stdout).plans) {
        count += JSON.parse(agents(root, ['--format', 'json', 'plan', 'checkpoints', plan.plan_id]).stdout).checkpoints.length;
    }
    return count;
}
const posix = process.platform !== 'win32';
describe('a hostile workspace (issue 34)', function () {
    this.timeout(180_000);
    const temp = (0, tempDir_1.useTempDirs)('hostile-');
    before(() => (0, cliHarness_1.ensureCliBuilt)());
    /** A clone: a git repository with one file, its `.cleveragents/` as the attacker shipped it. */
    function clone() {
        const base = temp();
        const root = path.join(base, 'repo');
        const outside = path.join(base, 'home');
        (0, node_fs_1.mkdirSync)(outside);
        (0, sandboxFixtures_1.write)(root, 'notes.txt', 'one\n');
        (0, sandboxFixtures_1.git)(root, 'init', '-q');
        return { root, outside };
    }
    for (const mode of (0, cliHarness_1.daemonModes)()) {
        describe(`the resident process ${mode}`, function () {
            (0, cliHarness_1.useDaemonMode)(mode);
            it('hooks.log as a link to the user\'s shell start-up file: nothing is written through it, and the call is answered', function () {
                if (!posix)
                    this.skip();
                const { root, outside } = clone();
                prompt(root, 'first'); // the store exists: with the resident process on, the next calls go through it
                const bashrc = path.join(outside, '.bashrc');
                (0, node_fs_1.writeFileSync)(bashrc, 'export EDITOR=vi\n');
                (0, node_fs_1.rmSync)(path.join(root, '.cleveragents', 'logs'), { recursive: true, force: true });
                (0, node_fs_1.mkdirSync)(path.join(root, '.cleveragents', 'logs'));
                (0, node_fs_1.symlinkSync)(path.relative(path.join(root, '.cleveragents', 'logs'), bashrc), path.join(root, '.cleveragents', 'logs', 'hooks.log'));
                prompt(root, '$(touch PWNED);`touch PWNED2`', 'another');
                assert.equal((0, node_fs_1.readFileSync)(bashrc, 'utf8'), 'export EDITOR=vi\n', 'the link\'s target is untouched');
                assert.ok((0, node_fs_1.lstatSync)(path.join(root, '.cleveragents', 'logs', 'hooks.log')).isSymbolicLink(), 'the link is left as it is');
            });
            it('a .cleveragents/logs or .cleveragents/hooks folder that is a link: nothing lands outside, the hook still answers', function () {
                if (!posix)
                    this.skip();
                const { root, outside } = clone();
                prompt(root, 'first');
                for (const name of ['logs', 'hooks']) {
                    (0, node_fs_1.rmSync)(path.join(root, '.cleveragents', name), { recursive: true, force: true });
                    (0, node_fs_1.mkdirSync)(path.join(outside, name));
                    (0, node_fs_1.symlinkSync)(path.join(outside, name), path.join(root, '.cleveragents', name));
                }
                prompt(root, 'second session');
                assert.deepEqual((0, node_fs_1.readdirSync)(path.join(outside, 'logs')), [], 'no log outside');
                assert.deepEqual((0, node_fs_1.readdirSync)(path.join(outside, 'hooks')), [], 'no session file, lock or marker outside');
            });
            it('a FIFO at hooks.log, and at the session\'s file: the hook answers and exits', function () {
                if (!posix)
                    this.skip();
                const { root } = clone();
                prompt(root, 'first');
                (0, node_fs_1.rmSync)(path.join(root, '.cleveragents', 'logs'), { recursive: true, force: true });
                mkfifo(path.join(root, '.cleveragents', 'logs', 'hooks.log'));
                mkfifo((0, sessionPlans_1.sessionFilePath)(root, 'claude-code', 'fifo-session'));
                prompt(root, 'fifo-session');
                assert.ok((0, node_fs_1.lstatSync)(path.join(root, '.cleveragents', 'logs', 'hooks.log')).isFIFO(), 'left as it is');
            });
        });
    }
    it('log lines are inert in a shell: text from an event can neither run nor redirect', function () {
        if (!posix)
            this.skip();
        const { root } = clone();
        // a session id is printable ASCII without spaces: ${IFS} stands for them
        prompt(root, '$(touch${IFS}PWNED1);touch${IFS}PWNED2|touch${IFS}PWNED3&&touch${IFS}PWNED4;`touch${IFS}PWNED5`>PWNED6');
        const log = path.join(root, '.cleveragents', 'logs', 'hooks.log');
        assert.match((0, node_fs_1.readFileSync)(log, 'utf8'), /made for session \\x24\(touch\\x24\{IFS\}PWNED1\)\\x3btouch/);
        const shell = temp();
        (0, node_child_process_1.spawnSync)('bash', [log], { cwd: shell, encoding: 'utf8' });
        assert.deepEqual((0, node_fs_1.readdirSync)(shell), [], 'bash running the log made no file');
    });
    it('a FIFO at logs/daemon.log: starting the resident process does not hang, and says why it did not start', function () {
        if (!posix)
            this.skip();
        const { root } = clone();
        prompt(root, 'first', 'x');
        (0, node_fs_1.rmSync)(path.join(root, '.cleveragents', 'logs'), { recursive: true, force: true });
        mkfifo(path.join(root, '.cleveragents', 'logs', 'daemon.log'));
        const client = path.join(cliHarness_1.REPO_ROOT, 'out', 'src', 'daemon', 'client.js');
        const script = `process.stdout.write(String(require(${JSON.stringify(client)}).startDaemon(${JSON.stringify(root)}, ${JSON.stringify(path.join(cliHarness_1.REPO_ROOT, 'dist'))})))`;
        const r = (0, node_child_process_1.spawnSync)(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 30_000 });
        assert.equal(r.signal, null, 'startDaemon returned');
        assert.match(r.stdout, /not a regular file/);
    });
    it('a logs/daemon.log link: the resident process\'s output goes nowhere outside', function () {
        if (!posix)
            this.skip();
        const { root, outside } = clone();
        prompt(root, 'first', 'x');
        const target = path.join(outside, 'target');
        (0, node_fs_1.writeFileSync)(target, 'kept\n');
        (0, node_fs_1.rmSync)(path.join(root, '.cleveragents', 'logs'), { recursive: true, force: true });
        (0, node_fs_1.mkdirSync)(path.join(root, '.cleveragents', 'logs'));
        (0, node_fs_1.symlinkSync)(target, path.join(root, '.cleveragents', 'logs', 'daemon.log'));
        const client = path.join(cliHarness_1.REPO_ROOT, 'out', 'src', 'daemon', 'client.js');
        const script = `process.stdout.write(String(require(${JSON.stringify(client)}).startDaemon(${JSON.stringify(root)}, ${JSON.stringify(path.join(cliHarness_1.REPO_ROOT, 'dist'))})))`;
        const r = (0, node_child_process_1.spawnSync)(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 30_000 });
        assert.match(r.stdout, /is a symbolic link|not a regular file/);
        assert.equal((0, node_fs_1.readFileSync)(target, 'utf8'), 'kept\n');
    });
    for (const command of [['hook', 'install', 'claude-code'], ['hook', 'status'], ['hook', 'uninstall', 'claude-code']]) {
        it(`a FIFO at .claude/settings.json: \`agents ${command.join(' ')}\` ends, says so, and changes nothing`, function () {
            if (!posix)
                this.skip();
            const { root } = clone();
            mkfifo(path.join(root, '.claude', 'settings.json'));
            const r = agents(root, command);
            assert.equal(r.signal, null, 'the command ended on its own');
            if (command[1] !== 'status')
                assert.notEqual(r.code, 0, `${r.stdout}${r.stderr}`);
            assert.match(`${r.stdout}${r.stderr}`, /\.claude\/settings\.json.*not a regular file/);
            assert.ok((0, node_fs_1.lstatSync)(path.join(root, '.claude', 'settings.json')).isFIFO(), 'left as it is');
        });
    }
    describe('prompts stay the user\'s', function () {
        it('the database, its write log, the session files and the logs are private to the user', function () {
            if (!posix)
                this.skip();
            const { root } = clone();
            prompt(root, 'first');
            (0, sandboxFixtures_1.write)(root, 'notes.txt', 'two\n');
            prompt(root, 'first', 'again');
            const data = path.join(root, '.cleveragents');
            const files = ['cleveragents.db', 'logs/hooks.log', ...(0, node_fs_1.readdirSync)(path.join(data, 'hooks', 'sessions')).map((n) => `hooks/sessions/${n}`)];
            if ((0, node_fs_1.existsSync)(path.join(data, 'cleveragents.db.log')))
                files.push('cleveragents.db.log');
            for (const file of files)
                assert.equal((0, node_fs_1.statSync)(path.join(data, file)).mode & 0o077, 0, `${file} is 0600`);
            for (const dir of ['logs', 'hooks', 'hooks/sessions'])
                assert.equal((0, node_fs_1.statSync)(path.join(data, dir)).mode & 0o077, 0, `${dir}/ is 0700`);
            assert.ok(checkpointCount(root) >= 2);
        });
        it('a database made 0644 by an earlier release is made 0600 when it is next opened', function () {
            if (!posix)
                this.skip();
            const { root } = clone();
            prompt(root, 'first');
            const db = path.join(root, '.cleveragents', 'cleveragents.db');
            (0, node_child_process_1.spawnSync)('chmod', ['0644', db]);
            assert.equal(agents(root, ['--format', 'json', 'plan', 'list'], '', { CLEVERAGENTS_NO_DAEMON: '1' }).code, 0);
            assert.equal((0, node_fs_1.statSync)(db).mode & 0o777, 0o600);
        });
    });
});
//# sourceMappingURL=hostileWorkspace.test.js.map