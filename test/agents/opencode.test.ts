import { describeAgentContract } from './contractSuite';
import { opencodeDriver } from './drivers/opencode';

// With the resident process on only, as Cline's and Codex's: the suite's time is kept for the runs
// without it of Gemini CLI and Claude Code, and the plugin's hook command takes the same path.
describeAgentContract(opencodeDriver, 'on');
