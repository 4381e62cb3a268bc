import { codexDriver } from './drivers/codex';
import { describeSessionEndPush } from './sessionEndSuite';

// Codex caps a SessionEnd hook at 3 s: without the resident process too, the hook (a Node.js start,
// the remote settings read, the push started detached) answers within it.
describeSessionEndPush(codexDriver, 'on', 'SessionEnd');
describeSessionEndPush(codexDriver, 'off', 'SessionEnd');
