import { opencodeDriver } from './drivers/opencode';
import { describeSessionEndPush } from './sessionEndSuite';

describeSessionEndPush(opencodeDriver, 'on', 'dispose');
