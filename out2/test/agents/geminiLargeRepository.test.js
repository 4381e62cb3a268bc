"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
const contractSuite_1 = require("./contractSuite");
const gemini_1 = require("./drivers/gemini");
// The first snapshot of 60,000 files runs in the background for longer than a hook waits for it:
// the baseline must be there before the agent writes (issue 35, item 4). It takes about 5 minutes
// on a 2-core machine, so `npm test` leaves it out, as a pending test that says how to run it:
// `AGENTS_CONTRACT_LARGE=1 npm run test:agents` (or `node scripts/runAgentTests.mjs --large`).
if (process.env.AGENTS_CONTRACT_LARGE === '1') {
    (0, contractSuite_1.describeAgentContract)(gemini_1.geminiDriver, 'on', { bulkFiles: 60_000, needsAgentsBranch: ['fences', 'agentOnlyToPrompt1', 'rollbackToPrompt1'] });
}
else {
    describe('Gemini CLI in a repository of 60,000 more files (about 5 minutes: run with AGENTS_CONTRACT_LARGE=1)', () => {
        it('fences the first tool calls and rolls back exactly although the first snapshot outlasts the hook (needs agents branch)');
    });
}
//# sourceMappingURL=geminiLargeRepository.test.js.map