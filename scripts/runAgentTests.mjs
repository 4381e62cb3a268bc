// Runs the agents' contract suite (test/agents/*.test.ts, compiled to out/test/agents/): installs
// the agents' programs at their pinned versions first (scripts/agents/install.mjs, into
// .agents-cache/; a no-op once there), then runs mocha. Each test runs a real agent program,
// offline, against the scripted model server of test/agents/modelServer/.
//
// Usage: node scripts/runAgentTests.mjs [--build] [--grep RE] [--large]
//   --build   bundle dist/ and compile the tests first (otherwise dist/ and out/ must be current)
//   --large   also the session in a repository of 60,000 files (about 5 minutes more; the same as
//             AGENTS_CONTRACT_LARGE=1)
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { AgentInstallError, REPO_ROOT, ensureAgent, readPins } from './agents/install.mjs';

const { values: opts } = parseArgs({ options: { build: { type: 'boolean', default: false }, grep: { type: 'string' }, large: { type: 'boolean', default: false } } });
const say = (msg) => console.log(`[agents] ${msg}`);
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: REPO_ROOT, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

if (opts.build) {
  run(process.execPath, ['esbuild.mjs']);
  run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', '.']);
}
try {
  for (const agent of Object.keys(readPins())) {
    const a = ensureAgent(agent);
    say(`${a.package}@${a.version}: ${a.command.join(' ')}`);
  }
} catch (e) {
  console.error(`[agents] installing the agents' programs FAILED: ${e instanceof AgentInstallError ? e.message : (e?.stack ?? e)}`);
  process.exit(1);
}
const testsDir = join(REPO_ROOT, 'out', 'test', 'agents');
const files = existsSync(testsDir) ? readdirSync(testsDir).filter((f) => f.endsWith('.test.js')).sort().map((f) => join(testsDir, f)) : [];
if (files.length === 0) {
  console.error(`[agents] no compiled tests in ${testsDir}: compile them first (tsc -p .), or pass --build`);
  process.exit(1);
}
// The resident processes the hooks start leave soon after their session.
process.env.CLEVERAGENTS_DAEMON_IDLE_MS ??= '20000';
if (opts.large) process.env.AGENTS_CONTRACT_LARGE = '1';
run(process.execPath, ['node_modules/mocha/bin/mocha.js', '--timeout', '600000', '--reporter', 'spec', ...(opts.grep ? ['--grep', opts.grep] : []), ...files]);
