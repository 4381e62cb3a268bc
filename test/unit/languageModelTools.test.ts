import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { runsInRestrictedMode } from '../../src/agentTools/agentTool';
import { AGENT_TOOLS } from '../../src/agentTools/agentTools';
import type { PathChange } from '../../src/core/rollbackResult';
import { agentOnlyToolConfirmation, deleteToolConfirmation, restoreToolConfirmation, rollbackToolConfirmation } from '../../src/extension/languageModelTools/toolConfirmations';
import { languageModelToolContributions } from '../../src/extension/languageModelTools/toolContributions';
import { REPO_ROOT } from './helpers/cliHarness';
import { makeCheckpoint, makePlan } from './helpers/storeFixtures';

describe('VS Code language model tools (contributions and confirmations)', () => {
  it('package.json contributes exactly the agent tools, with their schemas and descriptions (node out/scripts/languageModelTools.js --write)', () => {
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { contributes: { languageModelTools: unknown } };
    assert.deepEqual(pkg.contributes.languageModelTools, JSON.parse(JSON.stringify(languageModelToolContributions(AGENT_TOOLS))));
  });

  it('names every tool uniquely, in the shapes VS Code accepts, with a reference name to type in chat', () => {
    const contributions = languageModelToolContributions(AGENT_TOOLS);
    assert.equal(new Set(contributions.map((c) => c.name)).size, AGENT_TOOLS.length);
    assert.equal(new Set(contributions.map((c) => c.toolReferenceName)).size, AGENT_TOOLS.length);
    for (const c of contributions) {
      assert.match(c.name, /^[\w-]{1,64}$/);
      assert.match(c.toolReferenceName, /^[\w-]+$/);
      assert.ok(c.userDescription.length > 10 && c.userDescription.length <= c.modelDescription.length, c.name);
    }
    assert.equal(contributions.find((c) => c.name === 'cleveragents_create_checkpoint')?.toolReferenceName, 'checkpoint');
  });

  it('in Restricted Mode, runs only the tools that read the database alone (no git, no writes)', () => {
    assert.deepEqual(AGENT_TOOLS.filter(runsInRestrictedMode).map((t) => t.name), ['list_plans', 'show_plan', 'list_checkpoints', 'list_decisions']);
  });

  it('asks before a rollback with the counts and the first paths, every value inert in Markdown', () => {
    const plan = makePlan({ title: 'Evil **bold** [link](http://x) <img>\u202e\nnext' });
    const checkpoint = makeCheckpoint(plan.plan_id, { metadata: { reason: 'before `rm`', source_tool: null, phase: null, extra: {}, skipped: [] } });
    const changes: PathChange[] = [
      { path: 'a_[x](y).md', change: 'added' },
      ...Array.from({ length: 11 }, (_, i): PathChange => ({ path: `src/f${i}.ts`, change: 'modified' })),
      { path: 'z\nline.txt', change: 'deleted' },
    ];
    const text = rollbackToolConfirmation(plan, checkpoint, changes, false);
    assert.equal(text.title, 'Roll back?');
    const lines = text.markdown.split('  \n');
    assert.match(lines[0]!, /^\*\*Roll back “Evil \\\*\\\*bold\\\*\\\* \\\[link\\\]\\\(http:\/\/x\\\) \\<img\\>\\\\u202e\\\\nnext” to “before \\`rm\\`”\?\*\*$/);
    assert.equal(lines[1], '1 file will be added, 11 modified and 1 deleted\\.');
    assert.match(lines[3]!, /^add +a\\_\\\[x\\\]\\\(y\\\)\\\.md$/);
    assert.ok(lines.includes('and 3 more'), lines.join('\n'));
    assert.ok(!text.markdown.includes('\u202e') && !/[^ ]\n/.test(text.markdown.replace(/ {2}\n/g, '')), 'no raw control characters or line breaks of the values');
    assert.match(rollbackToolConfirmation(plan, checkpoint, [], true).markdown, /^\*\*Undo the rollback of /);
  });

  it('asks before an agent-only rollback with how many of the agent’s changes go, how many of the user’s stay, and the conflicts, escaped', () => {
    const plan = makePlan({ title: 'plan' });
    const checkpoint = makeCheckpoint(plan.plan_id);
    const text = agentOnlyToolConfirmation(plan, checkpoint, {
      changes: [{ path: 'a.txt', change: 'modified' }, { path: 'b*.txt', change: 'deleted' }],
      summary: { mode: 'agent_only', scope: 'session', tool_calls: 2, kept: ['c.txt'], kept_reasons: [{ path: 'c.txt', reason: 'outside_tool_calls' }], merged: ['a.txt'], conflicts: [{ path: '[x](y).md', reason: 'lines' }], conflict_markers: [], unclosed: [] },
    });
    assert.equal(text.title, 'Undo the agent’s changes, keeping the user’s?');
    const lines = text.markdown.split('  \n');
    assert.match(lines[0]!, /^\*\*Undo the agent’s changes to “plan” since “.*”, keeping yours\?\*\*$/);
    assert.equal(lines[1], '2 paths of the agent’s changes \\(2 tool calls\\) will be undone; 1 path that is not the agent’s will be kept \\(1 yours\\)\\.');
    assert.ok(lines.includes('\\[x\\]\\(y\\)\\.md: the same lines were changed by the agent and by someone else'), lines.join('\n'));
    assert.ok(lines.some((l) => /^delete +b\\\*\\\.txt$/.test(l)), lines.join('\n'));
    assert.ok(lines.some((l) => /^merge +a\\\.txt$/.test(l)), lines.join('\n'));
    assert.ok(lines.some((l) => /^keep +c\\\.txt \\\(yours\\\)$/.test(l)), lines.join('\n'));
  });

  it('asks before restoring chosen paths with the counts and the paths, escaped', () => {
    const plan = makePlan({ title: 'plan' });
    const checkpoint = makeCheckpoint(plan.plan_id);
    const text = restoreToolConfirmation(plan, checkpoint, [{ path: '*evil*[x](y).ts', change: 'modified' }]);
    assert.equal(text.title, 'Restore from the checkpoint?');
    assert.match(text.markdown.split('  \n')[0]!, /^\*\*Restore “\\\*evil\\\*\\\[x\\\]\\\(y\\\)\\\.ts” of “plan” from /);
  });

  it('asks before deleting a checkpoint, naming it and its plan, escaped', () => {
    const plan = makePlan({ title: '# heading' });
    const checkpoint = makeCheckpoint(plan.plan_id);
    const text = deleteToolConfirmation(plan, checkpoint);
    assert.equal(text.title, 'Delete the checkpoint?');
    assert.ok(text.markdown.includes(`of the plan “\\# heading”?`), text.markdown);
    assert.ok(!text.markdown.includes(checkpoint.checkpoint_id), 'named by label and time, not by id');
    assert.match(text.markdown, /taken (just now|\d+ (min|h|d) ago|[^)]+)\)/);
  });
});
