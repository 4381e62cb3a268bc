import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { REPO_ROOT } from './helpers/cliHarness';

// A hook's process, its answer written, waits for a log write still under way before it kills
// itself (src/daemonClient/processExit.ts). Cline's VS Code extension blocks the tool of a hook that
// does not exit 0, so for Cline the wait is long enough for a slow write: the process exits 0.
// Each case runs in a process of its own (the function ends the process), with a write that
// ends after 1.5 s.

const PROCESS_EXIT = path.join(REPO_ROOT, 'out', 'src', 'daemonClient', 'processExit.js');

function endWith(agent: string): { status: number | null; signal: NodeJS.Signals | null } {
  const script = `const { exitProcess, hookExitGraceMs } = require(${JSON.stringify(PROCESS_EXIT)});
const writingUntil = Date.now() + 1500;
exitProcess(0, hookExitGraceMs(${JSON.stringify(agent)}), () => Date.now() < writingUntil);`;
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, signal: r.signal };
}

describe("A hook's exit while its log write is under way", () => {
  it("Cline's hook waits for a slow write and exits 0 (its extension blocks the tool of a hook killed by a signal)", () => {
    assert.deepEqual(endWith('cline'), { status: 0, signal: null });
  });

  it("the other agents' hooks kill themselves after the short wait (they go on after a killed hook)", () => {
    assert.deepEqual(endWith('claude-code'), { status: null, signal: 'SIGKILL' });
  });
});
