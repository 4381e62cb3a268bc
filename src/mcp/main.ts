import { runMcp } from './mcpCommand';

// `dist/agentsMcp.js`: `agents mcp`, loaded by the launcher (cli/launch.ts) only for that command,
// so that the MCP SDK costs the other commands nothing. stdout carries the protocol alone: anything
// that would print to it through `console` goes to stderr instead.

/** The package's version, written in at build time (esbuild's `define`). */
declare const AGENTS_VERSION: string;

console.log = console.info = console.debug = console.warn = console.error;

void runMcp({
  argv: process.argv.slice(3),
  cwd: process.cwd(),
  env: process.env,
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  wasmDir: __dirname,
  version: AGENTS_VERSION,
}).then((code) => {
  process.exitCode = code;
});
