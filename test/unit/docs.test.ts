// The docs cannot go stale unnoticed: every relative link in the README, CONTRIBUTING.md and docs/
// resolves (to a file, and to a heading when it names one), no bundle size is typed by hand, no
// timing is typed into docs/PERFORMANCE.md outside the sections the benchmark writes, every
// setting is documented with package.json's default, and
// every `agents …` example marked runnable (see helpers/docExamples.ts for the marker) runs with the
// built CLI against a scratch workspace, parses, succeeds, and prints the JSON keys the marker names.
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT, ensureCliBuilt, runCli } from './helpers/cliHarness';
import { headingAnchors, markdownLinks, runnableExamples, shellWords, type RunnableCommand } from './helpers/docExamples';
import { useTempDirs } from './helpers/tempDir';
import { handTypedTimings } from './helpers/typedFigures';

/** The Markdown a reader follows: the README, CONTRIBUTING.md and every page of docs/. */
const DOC_FILES = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(path.join(REPO_ROOT, 'docs'))
    .filter((n) => n.endsWith('.md'))
    .sort()
    .map((n) => `docs/${n}`),
];

function read(file: string): string {
  return readFileSync(path.join(REPO_ROOT, file), 'utf8');
}

/** What a relative link names that is not there, or undefined when it resolves. */
function brokenLink(from: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined; // https:, mailto:, data:
  const [filePart, anchor] = target.split('#', 2) as [string, string | undefined];
  const file = filePart === '' ? from : path.posix.normalize(path.posix.join(path.posix.dirname(from), decodeURI(filePart)));
  if (file.startsWith('..')) return `${target} leaves the repository`;
  const absolute = path.join(REPO_ROOT, file);
  if (!existsSync(absolute)) return `${target}: no file ${file}`;
  if (anchor === undefined) return undefined;
  if (!file.endsWith('.md') || statSync(absolute).isDirectory()) return `${target}: an anchor into a file that is not Markdown`;
  return headingAnchors(read(file)).has(anchor) ? undefined : `${target}: ${file} has no heading #${anchor}`;
}

describe('The docs', () => {
  it('link only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const file of DOC_FILES) {
      for (const link of markdownLinks(read(file))) {
        const why = brokenLink(file, link.target);
        if (why) broken.push(`${file}:${link.line}: ${why}`);
      }
    }
    assert.deepEqual(broken, []);
  });

  it('type no bundle size by hand (the installed tests and the bench read it from the build)', () => {
    const typed: string[] = [];
    for (const file of DOC_FILES) {
      read(file)
        .split('\n')
        .forEach((line, i) => {
          const namesABundle = /\b(extension|cli|cliMain|agentsMcp|agentsHook\w*|webview)\.js\b|\.vsix\b|\bbundle\b/i.test(line);
          if (namesABundle && /\b\d[\d,.]*\s?(KB|kB|KiB|MB|MiB|bytes)\b/.test(line)) typed.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    assert.deepEqual(typed, []);
  });

  it('type no timing in docs/PERFORMANCE.md outside the sections a benchmark wrote', () => {
    assert.deepEqual(handTypedTimings(read('docs/PERFORMANCE.md')), []);
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
    assert.deepEqual(handTypedTimings(page), [
      'line 1: 81–197 ms, ~1.2 s: the fold took 81–197 ms at 50,000 rows, ~1.2 s in all',
      'line 5: 1.26, 1.38, 3x, 0.9×: a ratio of 1.26 (1.38), up to 3x, or 0.9× plain git',
      'line 8: 2 seconds: every 2 seconds',
    ]);
  });

  it('list every setting of package.json in docs/EXTENSION.md, with its default', () => {
    const pkg = JSON.parse(read('package.json')) as { contributes: { configuration: { properties: Record<string, { default: unknown }> } } };
    const documented = new Map<string, string>();
    for (const m of read('docs/EXTENSION.md').matchAll(/^\| `(cleveragents\.[\w.]+)` \| `([^`]*)` \|/gm)) documented.set(m[1]!, m[2]!);
    const wrong: string[] = [];
    for (const [key, { default: value }] of Object.entries(pkg.contributes.configuration.properties)) {
      const shown = documented.get(key);
      const expected = typeof value === 'string' ? value : JSON.stringify(value);
      if (shown !== expected) wrong.push(`${key}: the docs say ${shown ?? 'nothing'}, package.json ${expected}`);
    }
    for (const key of documented.keys()) if (!(key in pkg.contributes.configuration.properties)) wrong.push(`${key}: documented, not in package.json`);
    assert.deepEqual(wrong, []);
  });

  it('name every command of package.json in the commands table of docs/EXTENSION.md', () => {
    const pkg = JSON.parse(read('package.json')) as { contributes: { commands: { title: string }[] } };
    const page = read('docs/EXTENSION.md');
    const table = page.slice(page.indexOf('\n## Commands\n'), page.indexOf('\n## ', page.indexOf('\n## Commands\n') + 1));
    const rows = table.split('\n').filter((l) => l.startsWith('| ')).map((l) => l.split('|')[1]!);
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
  const tempDir = useTempDirs('ca-docs-');
  const examples = DOC_FILES.flatMap((file) => runnableExamples(read(file), file).map((e) => ({ file, ...e })));

  before(function () {
    this.timeout(180_000);
    ensureCliBuilt();
  });

  it('cover the commands a reader starts with', () => {
    const run = examples.flatMap((e) => e.commands.map((c) => shellWords(c.text).filter((w) => !w.startsWith('-') || w === '--preview' || w === '--yes')));
    const covered = (...words: string[]) => run.some((w) => words.every((x) => w.includes(x)));
    for (const wanted of [['plan', 'create'], ['plan', 'list'], ['plan', 'show'], ['plan', 'checkpoint'], ['plan', 'checkpoints'], ['plan', 'diff'], ['plan', 'rollback', '--preview'], ['plan', 'rollback', '--yes'], ['plan', 'policy'], ['hook', 'status']]) {
      assert.ok(covered(...wanted), `no runnable example of agents ${wanted.join(' ')}`);
    }
  });

  /**
   * A workspace with a plan and two checkpoints, files changed between them: `<checkpoint_id>` is the
   * first, so a diff, preview or rollback to it has something to do. HOME is a folder of its own, so
   * `hook status` reads no real user settings.
   */
  function scratch(): { root: string; env: Record<string, string>; values: Map<string, string> } {
    const root = tempDir();
    const home = path.join(root, '.home');
    mkdirSync(path.join(root, 'src'), { recursive: true });
    mkdirSync(home);
    writeFileSync(path.join(root, 'README.md'), '# demo\n');
    writeFileSync(path.join(root, 'src', 'parser.js'), 'export const parse = (s) => s;\n');
    const env = { HOME: home };
    const ok = (args: string[]) => {
      const r = runCli(root, [...args, '--format', 'json'], { env });
      assert.equal(r.code, 0, `setup: agents ${args.join(' ')}\n${r.stdout}${r.stderr}`);
      return r.json<Record<string, Record<string, string>>>();
    };
    const plan = ok(['plan', 'create', '--title', 'Docs example']).plan!.plan_id!;
    const first = ok(['plan', 'checkpoint', plan, '--reason', 'before the edit']).checkpoint!.checkpoint_id!;
    writeFileSync(path.join(root, 'src', 'parser.js'), 'export const parse = (s) => s.trim();\n');
    writeFileSync(path.join(root, 'src', 'parser.test.js'), 'test\n');
    ok(['plan', 'checkpoint', plan, '--reason', 'after the edit']);
    return { root, env, values: new Map([['<plan_id>', plan], ['<checkpoint_id>', first], ['<agent>', 'claude-code']]) };
  }

  function run(command: RunnableCommand, ws: ReturnType<typeof scratch>, where: string): void {
    const words = shellWords(command.text).slice(1).map((w) => {
      const filled = w.replace(/<[a-z_]+>/g, (p) => ws.values.get(p) ?? p);
      assert.ok(!/<[a-z_]+>/.test(filled), `${where}: nothing fills ${w} (known: ${[...ws.values.keys()].join(', ')})`);
      return filled;
    });
    // `--format json` at the end: the plan and hook commands both take it there (hook takes no global
    // option before its name).
    const args = words.includes('--format') ? words : [...words, '--format', 'json'];
    const r = runCli(ws.root, args, { env: ws.env });
    assert.notEqual(r.code, 2, `${where}: \`${command.text}\` no longer parses:\n${r.stdout}${r.stderr}`);
    assert.equal(r.code, 0, `${where}: \`${command.text}\` failed:\n${r.stdout}${r.stderr}`);
    const json = r.json<Record<string, unknown>>();
    assert.deepEqual(Object.keys(json), [...command.keys], `${where}: the JSON keys of \`${command.text}\` changed; update the doc and its marker`);
    const undo = (json.post_rollback_state as { undo_checkpoint_id?: string } | undefined)?.undo_checkpoint_id;
    if (undo) ws.values.set('<undo_checkpoint_id>', undo);
  }

  for (const example of examples) {
    it(`${example.file}:${example.line}: ${example.commands.map((c) => c.text.replace(/\s+#.*$/, '')).join(' · ')}`, () => {
      const ws = scratch();
      for (const command of example.commands) run(command, ws, `${example.file}:${example.line}`);
    });
  }
});
