// Compiles src/ and test/ with tsc into out/ and runs the unit tests with mocha.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

rmSync('out', { recursive: true, force: true });
// The resident processes the tests' CLI runs start (src/daemon) leave soon after their test:
// each also exits when its temporary workspace is removed.
process.env.CLEVERAGENTS_DAEMON_IDLE_MS ??= '20000';
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', shell: false });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', '.']);
run(process.execPath, ['node_modules/mocha/bin/mocha.js', '--timeout', '60000', '--reporter', 'spec', 'out/test/unit/**/*.test.js', ...process.argv.slice(2)]);
