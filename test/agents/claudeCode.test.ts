import { describeAgentContract } from './contractSuite';
import { claudeCodeDriver } from './drivers/claudeCode';

describeAgentContract(claudeCodeDriver, 'on');
describeAgentContract(claudeCodeDriver, 'off');
