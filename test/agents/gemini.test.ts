import { describeAgentContract } from './contractSuite';
import { geminiDriver } from './drivers/gemini';

describeAgentContract(geminiDriver, 'on');
describeAgentContract(geminiDriver, 'off');
