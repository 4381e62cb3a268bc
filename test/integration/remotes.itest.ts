// Push Session… and Fetch from Remote… in a real extension host (issue 38, item 4), against a real
// bare repository: another machine (the built CLI in a folder of its own, its own config folder)
// pushes a plan that VS Code fetches into the Remote group, read-only; the workspace's own plan is
// pushed after the opt-in modal; a remote that answers 401 gives an error that offers credentials.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { WorkspaceServices } from '../../src/composition';
import type { CheckpointsApi } from '../../src/extension/api/api';
import { Commands } from '../../src/extension/commandIds';
import { TESTING_PANEL_COMMAND } from '../../src/extension/rollback/rollbackCommandIds';
import type { RemoteFailure } from '../../src/extension/remote/remoteCommands';
import type { FetchOutcome } from '../../src/remote/remoteFetch';
import type { PushOutcome } from '../../src/remote/remotePush';
import { EXTENSION_ID, activateExtension, dialogs, menuFor, outsideServices } from './extensionUnderTest';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' } });
}

describe('Git remotes from VS Code: Push Session…, Fetch from Remote…, the Remote group', function () {
  this.timeout(180_000);
  let api: CheckpointsApi;
  let root: string;
  let outside: WorkspaceServices;
  let temp: string;
  let bare: string;
  let cli: string;
  const menus = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { contributes: { menus: Record<string, { command: string; when?: string; group?: string }[]> } }).contributes.menus['view/item/context']!;

  before(async () => {
    ({ api, root } = await activateExtension());
    outside = outsideServices(root);
    await dialogs();
    temp = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-remotes-'));
    bare = path.join(temp, 'sessions.git');
    git(temp, 'init', '--bare', '--quiet', bare);
    cli = path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist', 'cli.js');
  });

  after(() => {
    outside.dispose();
    fs.rmSync(temp, { recursive: true, force: true });
  });

  it('fetches another machine’s plan into the Remote group, marked with where it came from, read-only', async () => {
    // Machine B: a folder and a config of its own, a plan of two checkpoints pushed with the CLI.
    const other = path.join(temp, 'machine-b');
    fs.mkdirSync(other);
    const env = { ...process.env, XDG_CONFIG_HOME: path.join(temp, 'config-b') };
    const run = (...args: string[]) => JSON.parse(execFileSync(process.execPath, [cli, '--format', 'json', ...args], { cwd: other, env, encoding: 'utf8' })) as Record<string, { plan_id: string }>;
    fs.writeFileSync(path.join(other, 'b.txt'), 'one\n');
    const planId = run('plan', 'create', '--title', 'Machine B work').plan!.plan_id;
    run('plan', 'checkpoint', planId, '--reason', 'first');
    fs.writeFileSync(path.join(other, 'b.txt'), 'two\n');
    run('plan', 'checkpoint', planId, '--reason', 'second');
    // Executing on B: here it must still take no checkpoint (automatic ones, the status bar's).
    run('plan', 'start', planId);
    run('remote', 'enable');
    run('remote', 'push', bare);

    const out = (await vscode.commands.executeCommand<FetchOutcome | RemoteFailure>(Commands.fetchFromRemote, { remote: bare })) as FetchOutcome;
    assert.deepEqual(
      out.plans.map((p) => [p.plan_id, p.status, p.checkpoints_added.length]),
      [[planId, 'fetched', 2]],
    );
    const rows = await api.describeTree();
    const group = rows.find((r) => r.contextValue === 'remoteGroup');
    assert.ok(group, `no Remote group: ${rows.map((r) => r.label).join(', ')}`);
    assert.equal(group.label, 'Remote');
    assert.equal(group.description, '1 fetched plan, read-only');
    const plan = group.children.find((r) => r.id.endsWith(`#plan/${planId}`));
    assert.ok(plan);
    assert.match(plan.description ?? '', new RegExp(`^from ${os.userInfo().username}@${os.hostname()} · read-only · `));
    assert.match(plan.tooltip ?? '', /Fetched from .*sessions.* UTC: recorded by .*\. Read-only here/);
    assert.match(plan.contextValue ?? '', /^remote\.plan\./);
    // Not among the folder's own plans.
    assert.ok(!rows.some((r) => r.id.endsWith(`#plan/${planId}`)));
    assert.deepEqual(menuFor(menus, plan.contextValue!), ['copyPlanId', 'deletePlan']);
    const checkpoint = plan.children[0]!;
    assert.match(checkpoint.contextValue ?? '', /^remote\.checkpoint\./);
    assert.deepEqual(menuFor(menus, checkpoint.contextValue!), ['compareWithCurrent', 'compareWithCurrent (inline)', 'compareWithPrevious', 'copyCheckpointId', 'rollback'].filter((m) => m !== 'compareWithPrevious' || !checkpoint.contextValue!.includes('.first')));
    // Push Session… refuses it: only the workspace that recorded a plan pushes it.
    assert.equal(await vscode.commands.executeCommand(Commands.pushSession, { planId, remote: bare }), undefined);

    // Read-only here though executing: automatic checkpoints do not watch it, the status bar does not offer it.
    const probe = (await vscode.commands.executeCommand<{ statusBar?: string; watches: boolean }>(TESTING_PANEL_COMMAND, { refreshAuto: true, refreshStatusBar: true, watches: planId }))!;
    assert.equal(probe.watches, false);
    assert.doesNotMatch(probe.statusBar ?? '', /Machine B work/);

    // Fetching again brings nothing new.
    const again = (await vscode.commands.executeCommand<FetchOutcome>(Commands.fetchFromRemote, { remote: bare }))!;
    assert.deepEqual(again.plans.map((p) => p.status), ['up_to_date']);
  });

  it('Push Session… asks first (what leaves, what stays), shows the dry run when asked, then pushes the plan', async () => {
    const plan = await outside.plans.createPlan({ title: 'Pushed from VS Code' });
    fs.writeFileSync(path.join(root, 'remote-push.txt'), 'pushed\n');
    fs.writeFileSync(path.join(root, '.env.remote-test'), 'AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n');
    await outside.checkpoints.createCheckpoint(plan.plan_id, { reason: 'to push' });
    try {
      // Cancel first: nothing leaves.
      await dialogs([null]);
      assert.equal(await vscode.commands.executeCommand(Commands.pushSession, { planId: plan.plan_id, remote: bare }), undefined);
      const asked = await dialogs(['Show What Would Leave', 'Turn On and Push']);
      assert.equal(asked.length, 1);
      assert.match(asked[0]!.message, /Pushing sessions is off for this workspace/);
      assert.match(asked[0]!.detail ?? '', /prompt text.*\n.*\.env files/s);
      assert.ok(!git(bare, 'for-each-ref').includes(plan.plan_id));

      const out = (await vscode.commands.executeCommand<PushOutcome | RemoteFailure>(Commands.pushSession, { planId: plan.plan_id, remote: bare })) as PushOutcome;
      const shown = await dialogs();
      assert.deepEqual(shown.map((d) => d.answer), ['Show What Would Leave', 'Turn On and Push']);
      // The dry run opened beside the modal: it names what would leave and what is withheld.
      const dry = vscode.workspace.textDocuments.find((d) => d.isUntitled && d.getText().startsWith('Would push 1 plan(s)'));
      assert.ok(dry, 'the dry run was opened');
      assert.match(dry.getText(), /\.env\.remote-test: its name is on the deny list/);
      assert.equal(out.plans[0]!.status, 'pushed');
      assert.ok(out.plans[0]!.withheld.some((w) => w.path === '.env.remote-test'));
      assert.match(git(bare, 'for-each-ref'), new RegExp(`refs/cleveragents/v1/plans/${plan.plan_id}`));
      // Turned on now: the next push asks nothing and finds the plan up to date.
      const next = (await vscode.commands.executeCommand<PushOutcome>(Commands.pushSession, { planId: plan.plan_id, remote: bare }))!;
      assert.equal(next.plans[0]!.status, 'up_to_date');
      assert.deepEqual(await dialogs(), []);
    } finally {
      fs.rmSync(path.join(root, '.env.remote-test'), { force: true });
      fs.rmSync(path.join(root, 'remote-push.txt'), { force: true });
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it('a remote that answers 401: an error naming credentials, with Open Terminal; a host that does not exist: Retry', async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="sessions"' });
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    try {
      const plan = (await outside.plans.listPlans()).find((p) => p.title === 'Pushed from VS Code')!;
      const auth = (await vscode.commands.executeCommand<RemoteFailure>(Commands.pushSession, { planId: plan.plan_id, remote: `http://me:s3cret@127.0.0.1:${port}/sessions.git` }))!;
      assert.equal(auth.failed.kind, 'auth');
      assert.deepEqual(auth.failed.actions, ['Open Terminal', 'Show Log']);
      assert.match(auth.failed.message, /Check your credentials/);
      assert.ok(!auth.failed.message.includes('s3cret'), auth.failed.message);
      const offline = (await vscode.commands.executeCommand<RemoteFailure>(Commands.fetchFromRemote, { remote: 'http://no-such-host.invalid/sessions.git' }))!;
      assert.equal(offline.failed.kind, 'offline');
      assert.deepEqual(offline.failed.actions, ['Retry', 'Show Log']);
    } finally {
      server.close();
    }
  });
});
