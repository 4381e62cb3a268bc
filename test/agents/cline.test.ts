import { describeAgentContract } from './contractSuite';
import { clineDriver } from './drivers/cline';

// With the resident process on only: the suite's time is kept for the other agents' runs without
// it, and Cline's hooks take the same path through the CLI as theirs. Its CLI runs agent_start
// detached, so that baseline may come after the first tool call: it is then taken only as the
// plan's first checkpoint (src/hooks/hookRun.ts), and the first call's pre_write stands for it.
describeAgentContract(clineDriver, 'on');
