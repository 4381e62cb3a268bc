import { describeAgentContract } from './contractSuite';
import { codexDriver } from './drivers/codex';

// With the resident process on only, as Cline's: the suite's time is kept for the runs without it
// of Gemini CLI and Claude Code, and Codex's hooks take the same path through the CLI as theirs.
describeAgentContract(codexDriver, 'on');
