// The agents' programs the contract suite runs: the pins of test/agents/agentVersions.json, as
// scripts/agents/install.mjs installed them into .agents-cache/ (`npm run test:agents` installs
// them first). Read, never installed, here: a test that finds its program missing says how to get it.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from '../unit/helpers/cliHarness';

const Pin = z.object({ package: z.string().min(1), version: z.string().regex(/^\d+\.\d+\.\d+(?:-[\w.]+)?$/) });
const Pins = z.record(z.string(), z.unknown());
const Installed = z.object({ package: z.string(), version: z.string(), command: z.array(z.string()).min(1) });

export type AgentName = 'gemini' | 'claude-code' | 'cline' | 'codex' | 'opencode';

export interface AgentProgram {
  readonly agent: AgentName;
  readonly package: string;
  readonly version: string;
  /** The program and the arguments that come before the agent's own. */
  readonly command: readonly string[];
}

export function pinnedVersion(agent: AgentName): { package: string; version: string } {
  const pins = Pins.parse(JSON.parse(readFileSync(path.join(REPO_ROOT, 'test', 'agents', 'agentVersions.json'), 'utf8')));
  return Pin.parse(pins[agent]);
}

/** The installed program of an agent at its pinned version. */
export function agentProgram(agent: AgentName): AgentProgram {
  const pin = pinnedVersion(agent);
  const marker = path.join(REPO_ROOT, '.agents-cache', `${agent}-${pin.version}`, 'installed.json');
  let installed: z.infer<typeof Installed>;
  try {
    installed = Installed.parse(JSON.parse(readFileSync(marker, 'utf8')));
  } catch (e) {
    throw new Error(`${pin.package}@${pin.version} is not installed (${marker}: ${(e as Error).message}); run: node scripts/agents/install.mjs ${agent}`);
  }
  if (installed.package !== pin.package || installed.version !== pin.version) {
    throw new Error(`${marker} holds ${installed.package}@${installed.version}, not the pinned ${pin.package}@${pin.version}; run: node scripts/agents/install.mjs ${agent}`);
  }
  return { agent, package: pin.package, version: pin.version, command: installed.command };
}
