import { describeAgentContract } from './contractSuite';
import { geminiDriver } from './drivers/gemini';

// 60,000 more files: the first snapshot of every file outlasts the hook's wait, so the session's
// first tool calls were unfenced (issue 35, item 4). `agents hook install` now reads the folder
// once into the workspace index (hooks/workspaceIndexStart.ts) and the session's plan starts from
// a copy of it. Measured here: about a minute on a 2-core machine, all green; the same run with
// CLEVERAGENTS_NO_INDEX_JOB=1 in the suite's environment fails five of the seven checks. It stays
// out of `npm test` because the install's read races an agent started at once (a session begun
// before the read ends pays it again), which a busy CI machine may lose:
// `AGENTS_CONTRACT_LARGE=1 npm run test:agents` (or `node scripts/runAgentTests.mjs --large`).
if (process.env.AGENTS_CONTRACT_LARGE === '1') {
  describeAgentContract(geminiDriver, 'on', { bulkFiles: 60_000 });
} else {
  describe('Gemini CLI in a repository of 60,000 more files (about a minute: run with AGENTS_CONTRACT_LARGE=1)', () => {
    it('fences the first tool calls and rolls back exactly although a first read of every file outlasts the hook');
  });
}
