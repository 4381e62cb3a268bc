// The demo workspace `npm start` opens (scripts/start.mjs): a small project with three plans and
// a few checkpoints, made through the real services by the built `agents` CLI.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FILES = {
  'README.md': `# Demo: todo-cli

A tiny command-line todo list, the project an agent works on in this demo.
Open the **Checkpoints** view in the activity bar to see its plans and checkpoints.
`,
  'package.json': `${JSON.stringify({ name: 'todo-cli', version: '0.1.0', private: true, main: 'src/index.js', scripts: { test: 'node --test test/' } }, null, 2)}\n`,
  '.gitignore': 'node_modules/\n*.log\n',
  'src/index.js': `'use strict';

const { TodoList } = require('./todoList');

const list = new TodoList();
for (const title of process.argv.slice(2)) list.add(title);
for (const line of list.render()) console.log(line);
`,
  'src/todoList.js': `'use strict';

class TodoList {
  #items = [];

  add(title) {
    if (!title.trim()) throw new Error('a todo needs a title');
    this.#items.push({ title: title.trim(), done: false });
    return this.#items.length;
  }

  complete(index) {
    const item = this.#items[index - 1];
    if (!item) throw new Error(\`no todo #\${index}\`);
    item.done = true;
  }

  render() {
    return this.#items.map((item, i) => \`\${i + 1}. [\${item.done ? 'x' : ' '}] \${item.title}\`);
  }
}

module.exports = { TodoList };
`,
  'test/todoList.test.js': `'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { TodoList } = require('../src/todoList');

test('renders added todos, done ones ticked', () => {
  const list = new TodoList();
  list.add('write docs');
  list.add('ship it');
  list.complete(1);
  assert.deepEqual(list.render(), ['1. [x] write docs', '2. [ ] ship it']);
});
`,
};

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(REPO_ROOT, 'dist', 'cli.js');

/** Runs the built `agents` CLI on the workspace and returns its JSON answer. */
function agents(workspaceDir, ...args) {
  const r = spawnSync(process.execPath, [CLI, '--workspace', workspaceDir, '--format', 'json', 'plan', ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`agents plan ${args.join(' ')} failed (exit ${r.status ?? r.signal}): ${r.stderr || r.stdout}`);
  return JSON.parse(r.stdout);
}

function edit(workspaceDir, rel, change) {
  const file = join(workspaceDir, rel);
  writeFileSync(file, change(readFileSync(file, 'utf8')));
}

/**
 * Fills the (empty) demo workspace folder. Called by scripts/start.mjs before VS Code opens it;
 * it runs with the extension built (dist/) and the host installed. The plans and checkpoints are
 * made by the built CLI, i.e. the real services, the way an agent's tooling would make them.
 * @param {string} workspaceDir absolute path of the folder to fill
 */
export async function prepareDemoData(workspaceDir) {
  for (const [rel, text] of Object.entries(FILES)) {
    const file = join(workspaceDir, rel);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build first (node esbuild.mjs)`);

  // A finished plan: its work reached the workspace.
  const docs = agents(workspaceDir, 'create', '--title', 'Document the CLI', '--sandbox', '.').plan;
  agents(workspaceDir, 'checkpoint', docs.plan_id, '--reason', 'Before the README changes');
  edit(workspaceDir, 'README.md', (t) => `${t}\nUsage: \`node src/index.js "buy milk" "call Bob"\`\n`);
  agents(workspaceDir, 'checkpoint', docs.plan_id, '--type', 'post_step', '--phase', 'execute', '--reason', 'Usage section written');
  agents(workspaceDir, 'apply', '--yes', docs.plan_id);

  // An experiment in a private copy of the workspace.
  const rewrite = agents(workspaceDir, 'create', '--title', 'Try a table layout for render()', '--isolated').plan;
  agents(workspaceDir, 'checkpoint', rewrite.plan_id, '--reason', 'Copy as made');

  // The plan an agent is working on: a manual checkpoint, then a pre_write / post_step pair per edit.
  const due = agents(workspaceDir, 'create', '--title', 'Add due dates to todos', '--sandbox', 'src').plan;
  agents(workspaceDir, 'checkpoint', due.plan_id, '--reason', 'Before the agent starts');
  agents(workspaceDir, 'start', due.plan_id);
  agents(workspaceDir, 'checkpoint', due.plan_id, '--type', 'pre_write', '--source-tool', 'edit_file', '--phase', 'execute', '--extra', 'path=src/todoList.js');
  edit(workspaceDir, 'src/todoList.js', (t) =>
    t
      .replace('add(title) {', 'add(title, due = null) {')
      .replace('{ title: title.trim(), done: false }', '{ title: title.trim(), done: false, due }')
      .replace("${item.title}`", "${item.title}${item.due ? ` (due ${item.due})` : ''}`"),
  );
  agents(workspaceDir, 'checkpoint', due.plan_id, '--type', 'post_step', '--source-tool', 'edit_file', '--phase', 'execute', '--reason', 'Step 1: TodoList keeps a due date');
  agents(workspaceDir, 'checkpoint', due.plan_id, '--type', 'pre_write', '--source-tool', 'edit_file', '--phase', 'execute', '--extra', 'path=src/index.js');
  edit(workspaceDir, 'src/index.js', (t) => t.replace('for (const title of process.argv.slice(2)) list.add(title);', "for (const arg of process.argv.slice(2)) list.add(...arg.split('@'));"));
  agents(workspaceDir, 'checkpoint', due.plan_id, '--type', 'post_step', '--source-tool', 'edit_file', '--phase', 'execute', '--reason', 'Step 2: "title@date" on the command line');
}
