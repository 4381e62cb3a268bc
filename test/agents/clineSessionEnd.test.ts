import { clineDriver } from './drivers/cline';
import { describeSessionEndPush } from './sessionEndSuite';

// Cline's CLI 3.0.65 over ACP ends each prompt's run with agent_end (the TaskComplete file) and
// sends no session_shutdown when the editor's connection closes: the push follows each prompt
// there (docs/REMOTES.md). One prompt here: one push.
describeSessionEndPush(clineDriver, 'on', 'agent_end');
