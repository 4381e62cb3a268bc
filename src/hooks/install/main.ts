import * as os from 'node:os';
import { runHookAdminCommand } from './hookAdminCommand';

// dist/agentsHookAdmin.js: `agents hook install|uninstall|status`, loaded by dist/cli.js for those
// commands alone. argv: node, cli.js, "hook", then the command.

for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}

void runHookAdminCommand(process.argv.slice(3), { cwd: process.cwd(), env: process.env, stdout: process.stdout, stderr: process.stderr, homeDir: os.homedir() }).then((code) => {
  process.exitCode = code;
});
