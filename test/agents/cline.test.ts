import { describeAgentContract } from './contractSuite';
import { clineDriver } from './drivers/cline';

// With the resident process on only: the suite's time is kept for the other agents' runs without
// it, and Cline's hooks take the same path through the CLI as theirs.
describeAgentContract(clineDriver, 'on');
