import { geminiDriver } from './drivers/gemini';
import { describeSessionEndPush } from './sessionEndSuite';

describeSessionEndPush(geminiDriver, 'on', 'SessionEnd');
