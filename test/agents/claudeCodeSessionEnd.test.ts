import { claudeCodeDriver } from './drivers/claudeCode';
import { describeSessionEndPush } from './sessionEndSuite';

// With the resident process on and off: without it the SessionEnd hook is a Node.js start of its
// own, which Claude Code waits for at its exit.
describeSessionEndPush(claudeCodeDriver, 'on', 'SessionEnd');
describeSessionEndPush(claudeCodeDriver, 'off', 'SessionEnd');
