// Compiles src/ and test/ with tsc into out/ and runs the unit tests with mocha: in parallel, one
// worker process per core (os.availableParallelism()), each running whole files, where the machine
// has more than one; UNIT_JOBS=N sets the number, UNIT_JOBS=1 runs them one after another in one
// process. Arguments go to mocha (a file, --grep; see CONTRIBUTING.md, "The fastest loop").
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';

rmSync('out', { recursive: true, force: true });
// The resident processes the tests' CLI runs start (src/daemon) leave soon after their test:
// each also exits when its temporary workspace is removed.
process.env.CLEVERAGENTS_DAEMON_IDLE_MS ??= '20000';
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', shell: false });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
const given = Number(process.env.UNIT_JOBS);
const jobs = Number.isInteger(given) && given >= 1 ? given : availableParallelism();
// Each file's tests share nothing with another file's but the machine: temporary folders of their
// own (mkdtemp), resident processes of their own workspaces, no fixed port, environment changes
// put back. A worker runs one file at a time, its tests in order.
const parallel = jobs > 1 ? ['--parallel', '--jobs', String(jobs)] : [];
run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', '.']);
run(process.execPath, ['node_modules/mocha/bin/mocha.js', '--timeout', '60000', '--reporter', 'spec', ...parallel, 'out/test/unit/**/*.test.js', ...process.argv.slice(2)]);
