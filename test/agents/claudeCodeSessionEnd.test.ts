import { claudeCodeDriver } from './drivers/claudeCode';
import { describeSessionEndPush } from './sessionEndSuite';

describeSessionEndPush(claudeCodeDriver, 'on', 'SessionEnd');
