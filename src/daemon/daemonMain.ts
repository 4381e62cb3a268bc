import * as path from 'node:path';
import * as z from 'zod';
import { useGitRelay } from '../adapters/shadowStore/gitRelay';
import { Daemon } from './server';
import { logLine } from '../core/displayText';

// `dist/agentsDaemon.js <workspace>`: the resident process of one workspace store, started detached
// by a client (src/daemonClient/client.ts), its stdout and stderr in `.cleveragents/logs/daemon.log`.
// Settings for tests and for whoever wants them (docs/AGENTS.md, "The resident process"):
//   CLEVERAGENTS_DAEMON_IDLE_MS     exit after this long without a request (default 5 minutes)
//   CLEVERAGENTS_DAEMON_CHECK_MS    how often to check the store folder and socket (default 2 s)
//   CLEVERAGENTS_DAEMON_MAX_RSS_MB  memory bound (default 512)
//   CLEVERAGENTS_DAEMON_TRACE=1     a log line per request: its duration and the memory after it
//   CLEVERAGENTS_DAEMON_MAINTENANCE_MS  quiet time before the store's due garbage collection (default 3 s)

/** The package's version, written in at build time (esbuild's `define`). */
declare const AGENTS_VERSION: string;

// Unlike the one-shot processes (cli/main.ts), this one lives on: V8's optimizing tier for sql.js's
// WebAssembly pays off here, so it keeps node's default flags.

const Millis = z.coerce.number().int().min(10).max(24 * 60 * 60 * 1000);
const Megabytes = z.coerce.number().int().min(32).max(64 * 1024);

function setting<T>(name: string, schema: z.ZodType<T>, fallback: T): T {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : fallback;
}

function log(line: string): void {
  process.stdout.write(`${logLine(`${new Date().toISOString()} [${process.pid}] ${line}`)}\n`);
}

const root = z
  .string()
  .min(1)
  .max(4096)
  .refine((p) => path.isAbsolute(p) && !p.includes('\0'))
  .safeParse(process.argv[2]);

if (!root.success || typeof AGENTS_VERSION !== 'string') {
  log('usage: agentsDaemon.js <absolute workspace folder>');
  process.exitCode = 2;
} else {
  // A git started from this process (about 120 MB) waits while its page tables are copied; perl's is small.
  log(useGitRelay(2) ? 'git starts through a perl relay' : 'git starts from this process (no perl on PATH, or CLEVERAGENTS_NO_GIT_RELAY=1)');
  const daemon = new Daemon({
    workspaceRoot: root.data,
    version: AGENTS_VERSION,
    distDir: __dirname,
    idleExitMs: setting('CLEVERAGENTS_DAEMON_IDLE_MS', Millis, 5 * 60 * 1000),
    checkMs: setting('CLEVERAGENTS_DAEMON_CHECK_MS', Millis, 2000),
    rssLimitBytes: setting('CLEVERAGENTS_DAEMON_MAX_RSS_MB', Megabytes, 512) * 1024 * 1024,
    log,
    trace: process.env.CLEVERAGENTS_DAEMON_TRACE === '1',
    maintenanceIdleMs: setting('CLEVERAGENTS_DAEMON_MAINTENANCE_MS', Millis, 3000),
  });
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => daemon.exit(`signal ${signal}`));
  daemon.start().then(
    (listening) => {
      if (!listening) process.exit(0);
    },
    (error: unknown) => {
      log(`cannot start: ${(error as Error).message}`);
      process.exit(1);
    },
  );
}
