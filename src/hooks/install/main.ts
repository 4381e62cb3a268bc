import * as os from 'node:os';
import { withoutGroup } from '../../daemonClient/commandWords';
import { runHookAdminCommand } from './hookAdminCommand';

// dist/agentsHookAdmin.js: `agents hook install|uninstall|status`, loaded by dist/cli.js for those
// commands alone. argv: node, cli.js, then the command line with "hook" in it, global options
// (`--format json`, `--workspace DIR`) before or after it.

for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}

void runHookAdminCommand(withoutGroup(process.argv.slice(2)), { cwd: process.cwd(), env: process.env, stdout: process.stdout, stderr: process.stderr, homeDir: os.homedir() }).then((code) => {
  process.exitCode = code;
});
