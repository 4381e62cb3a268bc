import { describeAgentContract } from './contractSuite';
import { clineDriver } from './drivers/cline';

describeAgentContract(clineDriver, 'on');
describeAgentContract(clineDriver, 'off');
