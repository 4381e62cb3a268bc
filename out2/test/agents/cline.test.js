"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
const contractSuite_1 = require("./contractSuite");
const cline_1 = require("./drivers/cline");
// With the resident process on only: the suite's time is kept for the other agents' runs without
// it, and Cline's hooks take the same path through the CLI as theirs.
// Left out of `npm test` for now, as a pending test that says why: the Cline CLI runs its
// `agent_start` hook detached, so the session's baseline races the first tool call, and that first
// `apply_patch` sometimes goes unfenced (issue 35, still open for Cline). Run it with
// AGENTS_CONTRACT_CLINE=1 npm run test:agents.
if (process.env.AGENTS_CONTRACT_CLINE === '1') {
    (0, contractSuite_1.describeAgentContract)(cline_1.clineDriver, 'on');
}
else {
    describe("Cline's CLI (run with AGENTS_CONTRACT_CLINE=1)", () => {
        it('fences every writing tool call of a scripted session: its detached agent_start baseline races the first call (open)');
    });
}
//# sourceMappingURL=cline.test.js.map