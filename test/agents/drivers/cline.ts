// Cline's CLI (npm `cline`, a compiled program) in the contract suite. Headless (`cline --json
// "<prompt>"`) it runs one prompt per task, and `--id <session>` resumes a session only in its
// terminal UI, so the two prompts of one session go through its Agent Client Protocol mode
// (`cline --acp`), as an editor would drive it. Its model is our server as its "openai-compatible"
// provider (`cline auth openai --baseurl`; its Anthropic provider takes no base URL), chosen for
// the ACP session with CLINE_PROVIDER and CLINE_API_KEY. CLINE_SESSION_BACKEND_MODE=local keeps it
// from starting its hub daemon (which would outlive the test on a fixed port). In an ACP session
// it offers `apply_patch` for files (not `editor`) and `run_commands`.
import { spawnSync } from 'node:child_process';
import type { AgentDriver } from '../contractSuite';
import { answerOpenAi } from '../modelServer/openai';
import type { ProgramRun } from '../runProgram';
import { AcpClient } from './acpClient';
import { lines, patch } from './applyPatch';

export const clineDriver: AgentDriver = {
  agent: 'cline',
  title: "Cline's CLI",
  hookAgent: 'cline',
  tools: {
    names: { write: 'apply_patch', edit: 'apply_patch', shell: 'run_commands' },
    // Its Add File joins the `+` lines with line ends between them: a last empty `+` line gives the
    // file its last line end.
    write: (file, content) => [{ name: 'apply_patch', args: { input: patch(`*** Add File: ${file}\n${lines('+', content)}+\n`) } }],
    edit: (file, before, after) => [{ name: 'apply_patch', args: { input: patch(`*** Update File: ${file}\n@@\n${lines('-', before)}${lines('+', after)}`) } }],
    shell: (command) => [{ name: 'run_commands', args: { commands: [command] } }],
  },
  adapters: [answerOpenAi],
  failedCalls: { reported: true, how: "the command's `success: false` in tool_result.output" },
  promptCheckpoints: false,
  prepare({ serverUrl, workspace }, program, env) {
    const r = spawnSync(program.command[0], [...program.command.slice(1), 'auth', 'openai', '--apikey', 'scripted-model-key', '--modelid', 'scripted-model', '--baseurl', `${serverUrl}/v1`], {
      cwd: workspace,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    if (r.status !== 0) throw new Error(`cline auth openai exited ${r.status ?? r.signal}: ${r.stdout}${r.stderr}`);
  },
  env: () => ({
    CLINE_SESSION_BACKEND_MODE: 'local',
    CLINE_PROVIDER: 'openai-compatible',
    CLINE_API_KEY: 'scripted-model-key',
  }),
  promptArgs: () => {
    throw new Error("Cline's CLI runs its session over ACP (runSession)");
  },
  async runSession({ program, ctx, env, prompts, between, deadlineMs }) {
    const client = new AcpClient(program.command, ['--acp'], { cwd: ctx.workspace, env });
    const runs: ProgramRun[] = [];
    const record = (outcome: string, failed: boolean): void => {
      runs.push({ code: failed ? 1 : 0, signal: null, stdout: `${outcome}\n${client.transcript}`, stderr: client.stderr, timedOut: false });
      client.transcript = '';
    };
    try {
      await client.request('initialize', { protocolVersion: 1, clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false } }, 60_000);
      const session = (await client.request('session/new', { cwd: ctx.workspace, mcpServers: [] }, 60_000)) as { sessionId?: unknown };
      if (typeof session?.sessionId !== 'string') throw new Error(`session/new answered no sessionId: ${JSON.stringify(session)}`);
      for (const [i, text] of prompts.entries()) {
        if (i > 0) between();
        const result = await client.request('session/prompt', { sessionId: session.sessionId, prompt: [{ type: 'text', text }] }, deadlineMs);
        record(`session/prompt: ${JSON.stringify(result)}`, false);
      }
    } catch (e) {
      record(`failed: ${(e as Error).message}`, true);
      throw new Error(`Cline over ACP: ${(e as Error).message}\n${runs.map((r) => r.stdout).join('\n')}\n${client.stderr.slice(-3000)}`);
    } finally {
      await client.close();
    }
    return runs;
  },
};
