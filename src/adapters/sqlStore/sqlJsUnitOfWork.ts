import type { UnitOfWork } from '../../core/ports';
import { SqlJsCorrectionRepository, SqlJsDecisionRepository } from './sqlJsDecisionRepositories';
import { SqlJsCheckpointRepository, SqlJsIdRepository, SqlJsPlanRepository, SqlJsStateChangeRepository, type RepositoryContext } from './sqlJsRepositories';

// The repositories of one transaction, apart from the files that define them (the decision
// repositories read the shared row helpers of sqlJsRepositories.ts: no import runs back).

export function createUnitOfWork(context: RepositoryContext): UnitOfWork {
  return {
    plans: new SqlJsPlanRepository(context),
    checkpoints: new SqlJsCheckpointRepository(context),
    stateChanges: new SqlJsStateChangeRepository(context),
    decisions: new SqlJsDecisionRepository(context),
    corrections: new SqlJsCorrectionRepository(context),
    ids: new SqlJsIdRepository(context),
  };
}
