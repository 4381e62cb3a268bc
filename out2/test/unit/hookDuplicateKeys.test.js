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
const activationRewrite_1 = require("../../src/hooks/install/activationRewrite");
const duplicateKeys_1 = require("../../src/hooks/install/duplicateKeys");
const jsonHookMerge_1 = require("../../src/hooks/install/jsonHookMerge");
const agentHookConfigs_1 = require("../../src/hooks/install/agentHookConfigs");
const hookCommandLine_1 = require("../../src/hooks/install/hookCommandLine");
const jsonEdit_1 = require("../../src/hooks/install/jsonEdit");
const cliHarness_1 = require("./helpers/cliHarness");
const tempDir_1 = require("./helpers/tempDir");
// Settings files that parse two ways (issue 34, defect 7): a key given twice, where the agents'
// JSON.parse keeps the last and jsonc-parser's tree (what the edits use) finds the first. Install,
// uninstall and status say so with file:line:column and write nothing; status reports what the
// agent itself would run. Real files in temp folders, through the built CLI.
const CLAUDE = '.claude/settings.local.json';
const GEMINI = '.gemini/settings.json';
const PROGRAM = { node: process.execPath, cli: path.resolve('dist/cli.js') };
const ourCommand = (agent) => (0, hookCommandLine_1.bashCommand)(PROGRAM, agent);
before(() => (0, cliHarness_1.ensureCliBuilt)());
describe('agents hook install/uninstall/status: a key given twice on the path they read', () => {
    const tempDir = (0, tempDir_1.useTempDirs)('ca-dupkeys-');
    function workspace(files) {
        const base = (0, node_fs_1.realpathSync)(tempDir());
        const ws = path.join(base, 'ws');
        const home = path.join(base, 'home');
        (0, node_fs_1.mkdirSync)(home, { recursive: true });
        for (const [rel, text] of Object.entries(files)) {
            (0, node_fs_1.mkdirSync)(path.dirname(path.join(ws, rel)), { recursive: true });
            (0, node_fs_1.writeFileSync)(path.join(ws, rel), text);
        }
        (0, node_fs_1.mkdirSync)(ws, { recursive: true });
        return { ws, home };
    }
    const hook = (ws, home, args) => (0, cliHarness_1.runCli)(ws, ['hook', ...args], { env: { HOME: home } });
    const read = (ws, rel) => (0, node_fs_1.readFileSync)(path.join(ws, rel), 'utf8');
    /** Every file under the workspace, to say that nothing was written (no record, no new file). */
    const files = (ws) => (0, node_fs_1.readdirSync)(ws, { recursive: true, encoding: 'utf8' }).sort();
    /** Refused with `message`, exit 1, the file byte for byte and nothing else written. */
    function refused(ws, home, args, rel, message) {
        const before = { text: read(ws, rel), files: files(ws) };
        const run = hook(ws, home, args);
        assert.equal(run.code, 1, `${args.join(' ')}: ${run.stdout}${run.stderr}`);
        assert.match(run.stderr, message);
        assert.equal(read(ws, rel), before.text, `${args.join(' ')}: the file was left as it was`);
        assert.deepEqual(files(ws), before.files, `${args.join(' ')}: nothing else was written`);
    }
    it('two "hooks" at the top: install and uninstall refuse with the line:column of the second, and write nothing', () => {
        const text = '{\n  "hooks": {},\n  "model": "opus",\n  "hooks": {\n    "Stop": [{"hooks": [{"type": "command", "command": "echo stop"}]}]\n  }\n}\n';
        const { ws, home } = workspace({ [CLAUDE]: text });
        const said = /\.claude\/settings\.local\.json:4:3: "hooks" is there twice \(first at 2:3\); Claude Code reads only the last one; the file was left as it is/;
        refused(ws, home, ['install', 'claude-code'], CLAUDE, said);
        // a second try is refused the same way (on main it crashed: "Cannot read properties of undefined")
        refused(ws, home, ['install', 'claude-code'], CLAUDE, said);
        refused(ws, home, ['uninstall', 'claude-code'], CLAUDE, said);
    });
    it('an event given twice inside "hooks": refused, naming the event', () => {
        const text = `{\n  "hooks": {\n    "PreToolUse": [],\n    "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "lint"}]}]\n  }\n}\n`;
        const { ws, home } = workspace({ [CLAUDE]: text });
        refused(ws, home, ['install', 'claude-code'], CLAUDE, /\.claude\/settings\.local\.json:4:5: "hooks\.PreToolUse" is there twice \(first at 3:5\)/);
    });
    it('our own entry with a key given twice (its command): uninstall refuses rather than guess which one the agent runs', () => {
        const { ws, home } = workspace({});
        assert.equal(hook(ws, home, ['install', 'claude-code']).code, 0);
        const installed = read(ws, CLAUDE);
        // someone pointed the entry elsewhere by adding a second "command" after ours
        const edited = installed.replace(/("command": "[^\n]*hook run claude-code[^\n]*",)/, '$1\n            "command": "echo replaced",');
        assert.notEqual(edited, installed);
        (0, node_fs_1.writeFileSync)(path.join(ws, CLAUDE), edited);
        refused(ws, home, ['uninstall', 'claude-code'], CLAUDE, /\.claude\/settings\.local\.json:\d+:13: "hooks\.\w+\[0\]\.hooks\[0\]\.command" is there twice \(first at \d+:13\)/);
        refused(ws, home, ['install', 'claude-code'], CLAUDE, /"hooks\.\w+\[0\]\.hooks\[0\]\.command" is there twice/);
    });
    it('Gemini settings with comments: a "hooks" given twice is refused the same way', () => {
        const text = '{\n  // ours went here once\n  "hooks": {},\n  /* and the team\'s here */\n  "hooks": {"BeforeTool": []}\n}\n';
        const { ws, home } = workspace({ [GEMINI]: text });
        refused(ws, home, ['install', 'gemini'], GEMINI, /\.gemini\/settings\.json:5:3: "hooks" is there twice \(first at 3:3\); Gemini CLI reads only the last one/);
        refused(ws, home, ['uninstall', 'gemini'], GEMINI, /\.gemini\/settings\.json:5:3: "hooks" is there twice/);
    });
    it('status says the duplicate with file:line:column, and "installed" only when the last one (what the agent reads) holds our entries', () => {
        const entry = (agent) => `{"hooks": [{"type": "command", "command": ${JSON.stringify(ourCommand(agent))}}]}`;
        // ours in the first "hooks", which Claude Code never reads
        const first = `{\n  "hooks": {"UserPromptSubmit": [${entry('claude-code')}]},\n  "hooks": {}\n}\n`;
        const { ws, home } = workspace({ [CLAUDE]: first });
        const status = () => {
            const run = hook(ws, home, ['status', '--format', 'json']);
            assert.equal(run.code, 0, run.stderr);
            return run.json().hooks.find((h) => h.agent === 'claude-code' && h.scope === 'project');
        };
        const hidden = status();
        assert.equal(hidden.installed, false);
        assert.match(hidden.problems.join('\n'), /^\.claude\/settings\.local\.json:3:3: "hooks" is there twice \(first at 2:3\); Claude Code reads only the last one/);
        const text = hook(ws, home, ['status']);
        assert.match(text.stderr, /warning: \.claude\/settings\.local\.json:3:3: "hooks" is there twice/);
        // ours in the last one: Claude Code runs them, and the duplicate is still said
        (0, node_fs_1.writeFileSync)(path.join(ws, CLAUDE), `{\n  "hooks": {},\n  "hooks": {"UserPromptSubmit": [${entry('claude-code')}]}\n}\n`);
        const seen = status();
        assert.deepEqual([seen.installed, seen.events], [true, ['UserPromptSubmit']]);
        assert.match(seen.problems.join('\n'), /:3:3: "hooks" is there twice \(first at 2:3\)/);
    });
    it('status: a "__proto__" key holding our hooks is no install (JSON.parse keeps it as a plain key)', () => {
        const text = `{"__proto__": {"hooks": {"UserPromptSubmit": [{"hooks": [{"type": "command", "command": ${JSON.stringify(ourCommand('claude-code'))}}]}]}}}\n`;
        const { ws, home } = workspace({ [CLAUDE]: text });
        const run = hook(ws, home, ['status']);
        assert.equal(run.code, 0, run.stderr);
        assert.match(run.stdout, /project \.claude\/settings\.local\.json: not installed/);
    });
    it('a key given twice elsewhere in the file (not on the path we edit) does not stop install or uninstall', () => {
        const text = '{\n  "model": "opus",\n  "model": "sonnet"\n}\n';
        const { ws, home } = workspace({ [CLAUDE]: text });
        assert.equal(hook(ws, home, ['install', 'claude-code']).code, 0);
        assert.ok(read(ws, CLAUDE).startsWith('{\n  "model": "opus",\n  "model": "sonnet",\n  "hooks": {'));
        assert.equal(hook(ws, home, ['uninstall', 'claude-code']).code, 0);
        assert.equal(read(ws, CLAUDE), text, 'the round trip gives back the bytes');
    });
});
describe('duplicate keys, in process: the edits and the activation rewrite', () => {
    const tempDir = (0, tempDir_1.useTempDirs)('ca-dupkeys-unit-');
    it('names the first repeat in the file\'s order, with 1-based line:column of both', () => {
        const text = '{"hooks": {"A": [{"x": 1, "x": 2}], "A": []},\n"hooks": {}}';
        const found = (0, duplicateKeys_1.duplicateKey)((0, jsonEdit_1.parseJsonObject)(text, 'f', false), ['hooks']);
        assert.deepEqual(found && { path: found.path, at: found.at, first: found.first }, { path: 'hooks.A[0].x', at: '1:27', first: '1:19' });
        assert.equal((0, duplicateKeys_1.duplicateKey)((0, jsonEdit_1.parseJsonObject)('{"other": 1, "other": 2, "hooks": {}}', 'f', false), ['hooks']), undefined);
    });
    it('addOurHooks and removeOurHooks throw for each agent\'s file, naming it', () => {
        for (const config of [agentHookConfigs_1.CLAUDE_CODE_HOOKS, agentHookConfigs_1.GEMINI_HOOKS]) {
            const text = '{"hooks": {}, "hooks": {}}';
            assert.throws(() => (0, jsonHookMerge_1.addOurHooks)(text, config, PROGRAM, 'x.json'), /^ConfigFileError: x\.json:1:15: "hooks" is there twice \(first at 1:2\)/);
            assert.throws(() => (0, jsonHookMerge_1.removeOurHooks)(text, config, 'x.json'), /x\.json:1:15: "hooks" is there twice/);
        }
    });
    it("the activation rewrite leaves ~/.claude.json alone when a key on the way to the servers is there twice, and says where", async () => {
        const base = tempDir();
        const extensions = path.join(base, 'extensions');
        const home = path.join(base, 'home');
        const shim = path.join(base, 'shim', 'cli.js');
        const oldCli = path.join(extensions, 'cleveragents.cleveragents-checkpoints-0.1.0', 'dist', 'cli.js');
        (0, node_fs_1.mkdirSync)(home, { recursive: true });
        const server = `{"command": "node", "args": [${JSON.stringify(oldCli)}, "mcp"]}`;
        const cases = [
            // top-level mcpServers twice: the rewrite would land in the first, Claude Code reads the last
            [`{\n"mcpServers": {"ca": ${server}},\n"mcpServers": {"ca": ${server}}\n}`, '~/.claude.json:3:1: "mcpServers" is there twice (first at 2:1); Claude Code reads only the last one; it was left as it is'],
            [`{"projects": {"/w": {"mcpServers": {}, "mcpServers": {"ca": ${server}}}}}`, '~/.claude.json:1:40: "projects./w.mcpServers" is there twice (first at 1:22); Claude Code reads only the last one; it was left as it is'],
        ];
        for (const [text, problem] of cases) {
            const file = path.join(home, '.claude.json');
            (0, node_fs_1.writeFileSync)(file, text);
            (0, node_fs_1.chmodSync)(file, 0o600);
            const pass = await (0, activationRewrite_1.rewriteVersionedConfigs)({ home, projectFolders: [], trusted: true }, extensions, shim);
            assert.deepEqual(pass.rewritten, []);
            assert.deepEqual(pass.problems, [problem]);
            assert.equal((0, node_fs_1.readFileSync)(file, 'utf8'), text);
        }
    });
});
//# sourceMappingURL=hookDuplicateKeys.test.js.map