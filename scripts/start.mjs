// `npm start`: builds the extension, installs the VS Code host if needed, prepares a demo
// workspace in .demo/workspace (scripts/demoData.mjs) and serves VS Code on 127.0.0.1 with the
// extension loaded, until Ctrl-C. Open the printed URL in a browser on this machine (or through an
// SSH tunnel: the server listens on loopback only).
//
// Usage: node scripts/start.mjs [--port N] [--keep] [--no-build] [--verbose]
//   --port      listen on this port (default $PORT, else a free one)
//   --keep      reuse .demo/workspace as it is (default: make it afresh)
//   --no-build  skip `node esbuild.mjs`
//   --verbose   stream code-server's log
import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdirSync, rmSync, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { parseArgs } from 'node:util';
import { prepareDemoData } from './demoData.mjs';
import { ensureHost, REPO_ROOT } from './vscodeHost/install.mjs';
import { startServer } from './vscodeHost/server.mjs';

const { values: opts } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT },
    keep: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});

const say = (msg) => console.log(`[start] ${msg}`);
const fail = (msg) => {
  console.error(`[start] FAILED: ${msg}`);
  process.exit(1);
};

const port = opts.port ? Number(opts.port) : undefined;
if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536)) fail(`--port must be a port number, not ${opts.port}`);

if (!opts['no-build']) {
  say('$ node esbuild.mjs');
  const r = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (r.status !== 0) fail(`the build failed (exit code ${r.status ?? r.signal})`);
}

try {
  ensureHost();
} catch (e) {
  fail(e.message);
}

const workspaceDir = join(REPO_ROOT, '.demo', 'workspace');
if (opts.keep && existsSync(workspaceDir)) {
  say(`reusing the demo workspace ${workspaceDir}`);
} else {
  rmSync(workspaceDir, { recursive: true, force: true });
  mkdirSync(workspaceDir, { recursive: true });
  say(`preparing the demo workspace ${workspaceDir}`);
  try {
    await prepareDemoData(workspaceDir);
  } catch (e) {
    fail(`preparing the demo data: ${e?.stack ?? e}`);
  }
}

let server;
try {
  server = await startServer({ workspaceDir, extensionDevelopmentPath: REPO_ROOT, port, verbose: opts.verbose });
} catch (e) {
  fail(e.message);
}

const url = server.url(workspaceDir);
const onPath = (cmd) =>
  (process.env.PATH ?? '').split(delimiter).some((d) => {
    try {
      accessSync(join(d, cmd), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
console.log(`
  CleverAgents Checkpoints demo: VS Code (code-server) on 127.0.0.1:${server.port}

  Open this URL in a browser on this machine:

    ${url}

  (From another machine: ssh -L ${server.port}:127.0.0.1:${server.port} <this host>, then open the URL there.)
${onPath('code') ? `\n  A desktop VS Code is on the PATH too: code --extensionDevelopmentPath=${REPO_ROOT} ${workspaceDir}\n` : ''}
  Press Ctrl-C to stop.
`);

let stopping = false;
const stop = async (sig) => {
  if (stopping) return;
  stopping = true;
  say(`stopping (${sig})`);
  await server.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
void server.exited.then((e) => {
  if (stopping) return;
  console.error(`[start] code-server exited (code ${e.code}, signal ${e.signal}):\n${server.readLog().split('\n').slice(-30).join('\n')}`);
  process.exit(1);
});
