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
// The docs cannot go stale unnoticed: every relative link in the README, CONTRIBUTING.md and docs/
// resolves (to a file, and to a heading when it names one), no bundle size is typed by hand, no
// timing is typed into docs/PERFORMANCE.md outside the sections the benchmark writes, every
// setting is documented with package.json's default, and
// every `agents …` example marked runnable (see helpers/docExamples.ts for the marker) runs with the
// built CLI against a scratch workspace, parses, succeeds, and prints the JSON keys the marker names.
const assert = __importStar(require("node:assert/strict"));
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const cliHarness_1 = require("./helpers/cliHarness");
const docExamples_1 = require("./helpers/docExamples");
const tempDir_1 = require("./helpers/tempDir");
const typedFigures_1 = require("./helpers/typedFigures");
/** The Markdown a reader follows: the README, CONTRIBUTING.md and every page of docs/. */
const DOC_FILES = [
    'README.md',
    'CONTRIBUTING.md',
    ...(0, node_fs_1.readdirSync)(path.join(cliHarness_1.REPO_ROOT, 'docs'))
        .filter((n) => n.endsWith('.md'))
        .sort()
        .map((n) => `docs/${n}`),
];
function read(file) {
    return (0, node_fs_1.readFileSync)(path.join(cliHarness_1.REPO_ROOT, file), 'utf8');
}
/** What a relative link names that is not there, or undefined when it resolves. */
function brokenLink(from, target) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target))
        return undefined; // https:, mailto:, data:
    const [filePart, anchor] = target.split('#', 2);
    const file = filePart === '' ? from : path.posix.normalize(path.posix.join(path.posix.dirname(from), decodeURI(filePart)));
    if (file.startsWith('..'))
        return `${target} leaves the repository`;
    const absolute = path.join(cliHarness_1.REPO_ROOT, file);
    if (!(0, node_fs_1.existsSync)(absolute))
        return `${target}: no file ${file}`;
    if (anchor === undefined)
        return undefined;
    if (!file.endsWith('.md') || (0, node_fs_1.statSync)(absolute).isDirectory())
        return `${target}: an anchor into a file that is not Markdown`;
    return (0, docExamples_1.headingAnchors)(read(file)).has(anchor) ? undefined : `${target}: ${file} has no heading #${anchor}`;
}
describe('The docs', () => {
    it('link only to files and headings that exist', () => {
        const broken = [];
        for (const file of DOC_FILES) {
            for (const link of (0, docExamples_1.markdownLinks)(read(file))) {
                const why = brokenLink(file, link.target);
                if (why)
                    broken.push(`${file}:${link.line}: ${why}`);
            }
        }
        assert.deepEqual(broken, []);
    });
    it('type no bundle size by hand (the installed tests and the bench read it from the build)', () => {
        const typed = [];
        for (const file of DOC_FILES) {
            read(file)
                .split('\n')
                .forEach((line, i) => {
                const namesABundle = /\b(extension|cli|cliMain|agentsMcp|agentsHook\w*|webview)\.js\b|\.vsix\b|\bbundle\b/i.test(line);
                if (namesABundle && /\b\d[\d,.]*\s?(KB|kB|KiB|MB|MiB|bytes)\b/.test(line))
                    typed.push(`${file}:${i + 1}: ${line.trim()}`);
            });
        }
        assert.deepEqual(typed, []);
    });
    it('type no timing in docs/PERFORMANCE.md outside the sections a benchmark wrote', () => {
        assert.deepEqual((0, typedFigures_1.handTypedTimings)(read('docs/PERFORMANCE.md')), []);
    });
    it('the timing check finds typed durations and ratios, and leaves the written sections and the bounds alone', () => {
        const page = [
            'the fold took 81–197 ms at 50,000 rows, ~1.2 s in all', // 1
            '<!-- bench-save:start -->',
            '| save | 272 ms | 1.26 |',
            '<!-- bench-save:end -->',
            'a ratio of 1.26 (1.38), up to 3x, or 0.9× plain git', // 5
            'VS Code waits at most 1.5 s; the target is ≤ 1.3× and ≤ 1.0 s', // 6
            '1,000 files / 10 MB, three 2 MiB binaries, 50 checkpoints, `--runs 3`, git 2.39.5', // 7
            'every 2 seconds', // 8
        ].join('\n');
        assert.deepEqual((0, typedFigures_1.handTypedTimings)(page), [
            'line 1: 81–197 ms, ~1.2 s: the fold took 81–197 ms at 50,000 rows, ~1.2 s in all',
            'line 5: 1.26, 1.38, 3x, 0.9×: a ratio of 1.26 (1.38), up to 3x, or 0.9× plain git',
            'line 8: 2 seconds: every 2 seconds',
        ]);
    });
    it('list every setting of package.json in docs/EXTENSION.md, with its default', () => {
        const pkg = JSON.parse(read('package.json'));
        const documented = new Map();
        for (const m of read('docs/EXTENSION.md').matchAll(/^\| `(cleveragents\.[\w.]+)` \| `([^`]*)` \|/gm))
            documented.set(m[1], m[2]);
        const wrong = [];
        for (const [key, { default: value }] of Object.entries(pkg.contributes.configuration.properties)) {
            const shown = documented.get(key);
            const expected = typeof value === 'string' ? value : JSON.stringify(value);
            if (shown !== expected)
                wrong.push(`${key}: the docs say ${shown ?? 'nothing'}, package.json ${expected}`);
        }
        for (const key of documented.keys())
            if (!(key in pkg.contributes.configuration.properties))
                wrong.push(`${key}: documented, not in package.json`);
        assert.deepEqual(wrong, []);
    });
    it('name every command of package.json in the commands table of docs/EXTENSION.md', () => {
        const pkg = JSON.parse(read('package.json'));
        const page = read('docs/EXTENSION.md');
        const table = page.slice(page.indexOf('\n## Commands\n'), page.indexOf('\n## ', page.indexOf('\n## Commands\n') + 1));
        const rows = table.split('\n').filter((l) => l.startsWith('| ')).map((l) => l.split('|')[1]);
        const missing = pkg.contributes.commands.map((c) => c.title).filter((title) => !rows.some((r) => r.includes(title)));
        assert.deepEqual(missing, []);
    });
    it('keep the README short, with the quick start near its top and `npm test` in it', () => {
        const readme = read('README.md').split('\n');
        assert.ok(readme.length <= 220, `README.md has ${readme.length} lines`);
        const quickStart = readme.findIndex((l) => /^## Quick start/.test(l));
        assert.ok(quickStart >= 0 && quickStart < 60, `## Quick start is at line ${quickStart + 1}`);
        assert.ok(readme.some((l) => l.includes('npm ci && npm test')), 'CI runs the README’s test command');
    });
});
describe('The runnable `agents` examples in the docs', function () {
    this.timeout(180_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-docs-');
    const examples = DOC_FILES.flatMap((file) => (0, docExamples_1.runnableExamples)(read(file), file).map((e) => ({ file, ...e })));
    before(function () {
        this.timeout(180_000);
        (0, cliHarness_1.ensureCliBuilt)();
    });
    it('cover the commands a reader starts with', () => {
        const run = examples.flatMap((e) => e.commands.map((c) => (0, docExamples_1.shellWords)(c.text).filter((w) => !w.startsWith('-') || w === '--preview' || w === '--yes')));
        const covered = (...words) => run.some((w) => words.every((x) => w.includes(x)));
        for (const wanted of [['plan', 'create'], ['plan', 'list'], ['plan', 'show'], ['plan', 'checkpoint'], ['plan', 'checkpoints'], ['plan', 'diff'], ['plan', 'rollback', '--preview'], ['plan', 'rollback', '--yes'], ['plan', 'policy'], ['hook', 'status']]) {
            assert.ok(covered(...wanted), `no runnable example of agents ${wanted.join(' ')}`);
        }
    });
    /**
     * A workspace with a plan and two checkpoints, files changed between them: `<checkpoint_id>` is the
     * first, so a diff, preview or rollback to it has something to do. HOME is a folder of its own, so
     * `hook status` reads no real user settings.
     */
    function scratch() {
        const root = tempDir();
        const home = path.join(root, '.home');
        (0, node_fs_1.mkdirSync)(path.join(root, 'src'), { recursive: true });
        (0, node_fs_1.mkdirSync)(home);
        (0, node_fs_1.writeFileSync)(path.join(root, 'README.md'), '# demo\n');
        (0, node_fs_1.writeFileSync)(path.join(root, 'src', 'parser.js'), 'export const parse = (s) => s;\n');
        const env = { HOME: home };
        const ok = (args) => {
            const r = (0, cliHarness_1.runCli)(root, [...args, '--format', 'json'], { env });
            assert.equal(r.code, 0, `setup: agents ${args.join(' ')}\n${r.stdout}${r.stderr}`);
            return r.json();
        };
        const plan = ok(['plan', 'create', '--title', 'Docs example']).plan.plan_id;
        const first = ok(['plan', 'checkpoint', plan, '--reason', 'before the edit']).checkpoint.checkpoint_id;
        (0, node_fs_1.writeFileSync)(path.join(root, 'src', 'parser.js'), 'export const parse = (s) => s.trim();\n');
        (0, node_fs_1.writeFileSync)(path.join(root, 'src', 'parser.test.js'), 'test\n');
        ok(['plan', 'checkpoint', plan, '--reason', 'after the edit']);
        return { root, env, values: new Map([['<plan_id>', plan], ['<checkpoint_id>', first], ['<agent>', 'claude-code']]) };
    }
    function run(command, ws, where) {
        const words = (0, docExamples_1.shellWords)(command.text).slice(1).map((w) => {
            const filled = w.replace(/<[a-z_]+>/g, (p) => ws.values.get(p) ?? p);
            assert.ok(!/<[a-z_]+>/.test(filled), `${where}: nothing fills ${w} (known: ${[...ws.values.keys()].join(', ')})`);
            return filled;
        });
        // `--format json` at the end: the plan and hook commands both take it there (hook takes no global
        // option before its name).
        const args = words.includes('--format') ? words : [...words, '--format', 'json'];
        const r = (0, cliHarness_1.runCli)(ws.root, args, { env: ws.env });
        assert.notEqual(r.code, 2, `${where}: \`${command.text}\` no longer parses:\n${r.stdout}${r.stderr}`);
        assert.equal(r.code, 0, `${where}: \`${command.text}\` failed:\n${r.stdout}${r.stderr}`);
        const json = r.json();
        assert.deepEqual(Object.keys(json), [...command.keys], `${where}: the JSON keys of \`${command.text}\` changed; update the doc and its marker`);
        const undo = json.post_rollback_state?.undo_checkpoint_id;
        if (undo)
            ws.values.set('<undo_checkpoint_id>', undo);
    }
    for (const example of examples) {
        it(`${example.file}:${example.line}: ${example.commands.map((c) => c.text.replace(/\s+#.*$/, '')).join(' · ')}`, () => {
            const ws = scratch();
            for (const command of example.commands)
                run(command, ws, `${example.file}:${example.line}`);
        });
    }
});
//# sourceMappingURL=docs.test.js.map