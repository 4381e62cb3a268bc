import { describeAgentContract } from './contractSuite';
import { clineDriver } from './drivers/cline';

// With the resident process on only: the suite's time is kept for the other agents' runs without
// it, and Cline's hooks take the same path through the CLI as theirs.
// Left out of `npm test` for now, as a pending test that says why: the Cline CLI runs its
// `agent_start` hook detached, so the session's baseline races the first tool call, and that first
// `apply_patch` sometimes goes unfenced (issue 35, still open for Cline). Run it with
// AGENTS_CONTRACT_CLINE=1 npm run test:agents.
if (process.env.AGENTS_CONTRACT_CLINE === '1') {
  describeAgentContract(clineDriver, 'on');
} else {
  describe("Cline's CLI (run with AGENTS_CONTRACT_CLINE=1)", () => {
    it('fences every writing tool call of a scripted session: its detached agent_start baseline races the first call (open)');
  });
}
