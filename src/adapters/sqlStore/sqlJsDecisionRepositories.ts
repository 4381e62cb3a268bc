import type { SqlValue } from 'sql.js';
import { CorrectionSchema, DecisionSchema, type Correction, type Decision } from '../../core/decision';
import { NotFoundError, ValidationError } from '../../core/errors';
import type { CorrectionRepository, DecisionRepository } from '../../core/ports';
import { CORRECTIONS_TABLE, DECISION_DEPENDENCIES_TABLE, DECISIONS_TABLE } from './schemaMigrations';
import { decode, keepValid, mutate, query, readAll, refuseDigitOnlyIds, unwrapOrThrow, validateForWrite, type Decoded, type RepositoryContext } from './sqlJsRepositories';

const DECISION_COLUMNS = 'decision_id, plan_id, title, rationale, state, created_at, reverted_at, reverted_by';
const CORRECTION_COLUMNS =
  'correction_id, plan_id, decision_id, mode, state, reverted_decisions_json, restored_paths_json, target_checkpoint_id, undo_checkpoint_id, created_at, undone_at, affected_decisions_json';

/** Every statement of the decision repositories; exported so tests can ask SQLite how it plans them. */
export const DECISION_SQL = Object.freeze({
  getDecision: `SELECT ${DECISION_COLUMNS} FROM ${DECISIONS_TABLE} WHERE decision_id = ?`,
  listDecisionsForPlan: `SELECT ${DECISION_COLUMNS} FROM ${DECISIONS_TABLE} WHERE plan_id = ? ORDER BY created_at, decision_id`,
  dependenciesOf: `SELECT depends_on FROM ${DECISION_DEPENDENCIES_TABLE} WHERE decision_id = ? ORDER BY depends_on`,
  dependenciesOfPlan:
    `SELECT d.decision_id, d.depends_on FROM ${DECISION_DEPENDENCIES_TABLE} d JOIN ${DECISIONS_TABLE} x ON x.decision_id = d.decision_id ` +
    'WHERE x.plan_id = ? ORDER BY d.decision_id, d.depends_on',
  dependentsOf:
    `SELECT d.decision_id FROM ${DECISION_DEPENDENCIES_TABLE} d JOIN ${DECISIONS_TABLE} x ON x.decision_id = d.decision_id ` +
    'WHERE d.depends_on = ? ORDER BY x.created_at, d.decision_id',
  /** Whether `?2` is reachable from `?1` by following dependencies: adding "?2 depends on ?1" would close a cycle. */
  reaches:
    `WITH RECURSIVE up(id) AS (SELECT ?1 UNION SELECT d.depends_on FROM ${DECISION_DEPENDENCIES_TABLE} d JOIN up ON d.decision_id = up.id) ` +
    'SELECT 1 FROM up WHERE id = ?2 LIMIT 1',
  insertDecision: `INSERT INTO ${DECISIONS_TABLE} (${DECISION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  insertDependency: `INSERT INTO ${DECISION_DEPENDENCIES_TABLE} (decision_id, depends_on) VALUES (?, ?)`,
  setState: `UPDATE ${DECISIONS_TABLE} SET state = ?, reverted_by = ?, reverted_at = ? WHERE decision_id = ?`,
  getCorrection: `SELECT ${CORRECTION_COLUMNS} FROM ${CORRECTIONS_TABLE} WHERE correction_id = ?`,
  listCorrectionsForPlan: `SELECT ${CORRECTION_COLUMNS} FROM ${CORRECTIONS_TABLE} WHERE plan_id = ? ORDER BY created_at, correction_id`,
  insertCorrection: `INSERT INTO ${CORRECTIONS_TABLE} (${CORRECTION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  markCorrectionUndone: `UPDATE ${CORRECTIONS_TABLE} SET state = 'undone', undone_at = ? WHERE correction_id = ?`,
  markCorrectionApplied: `UPDATE ${CORRECTIONS_TABLE} SET state = 'applied', undone_at = NULL WHERE correction_id = ?`,
});

export class SqlJsDecisionRepository implements DecisionRepository {
  constructor(private readonly ctx: RepositoryContext) {}

  get(decisionId: string): Decision | undefined {
    const row = query(this.ctx, DECISION_SQL.getDecision, [decisionId], (s) => (s.step() ? s.get() : undefined));
    if (!row) return undefined;
    const deps = query(this.ctx, DECISION_SQL.dependenciesOf, [decisionId], readAll).map((r) => r[0]);
    return unwrapOrThrow(this.ctx, DECISIONS_TABLE, decodeDecision(row, deps));
  }

  listForPlan(planId: string): Decision[] {
    const rows = query(this.ctx, DECISION_SQL.listDecisionsForPlan, [planId], readAll);
    const deps = new Map<SqlValue, SqlValue[]>();
    for (const [id, on] of query(this.ctx, DECISION_SQL.dependenciesOfPlan, [planId], readAll)) {
      deps.set(id, [...(deps.get(id) ?? []), on]);
    }
    return keepValid(this.ctx, DECISIONS_TABLE, rows.map((r) => decodeDecision(r, deps.get(r[0]) ?? [])));
  }

  dependents(decisionId: string): string[] {
    return query(this.ctx, DECISION_SQL.dependentsOf, [decisionId], readAll).map((r) => String(r[0]));
  }

  insert(decision: Decision): void {
    const d = validateForWrite(this.ctx, DecisionSchema, decision, 'decision');
    refuseDigitOnlyIds({ decision_id: d.decision_id, plan_id: d.plan_id, reverted_by: d.reverted_by });
    const dependsOn = [...new Set(d.depends_on)].sort();
    for (const on of dependsOn) {
      if (on === d.decision_id) throw new ValidationError(`decision ${d.decision_id} cannot depend on itself (a cycle)`);
      const other = this.get(on);
      if (!other) throw new ValidationError(`decision ${on}, which decision ${d.decision_id} depends on, does not exist`);
      if (other.plan_id !== d.plan_id) throw new ValidationError(`decision ${on} belongs to plan ${other.plan_id}, not to plan ${d.plan_id}`);
      // Rows written by another client may already name the new id: refuse what would close a loop.
      if (query(this.ctx, DECISION_SQL.reaches, [on, d.decision_id], (s) => s.step())) {
        throw new ValidationError(`decision ${d.decision_id} cannot depend on ${on}: ${on} already depends on it (a cycle)`);
      }
    }
    mutate(this.ctx, DECISION_SQL.insertDecision, [d.decision_id, d.plan_id, d.title, d.rationale, d.state, d.created_at, d.reverted_at, d.reverted_by], {
      unique: () => new ValidationError(`decision ${d.decision_id} already exists`),
      foreignKey: () => new NotFoundError('plan', d.plan_id),
    });
    for (const on of dependsOn) mutate(this.ctx, DECISION_SQL.insertDependency, [d.decision_id, on]);
  }

  setState(decisionIds: readonly string[], state: Decision['state'], revertedBy: string | null, at: string | null): void {
    for (const id of decisionIds) {
      if (mutate(this.ctx, DECISION_SQL.setState, [state, revertedBy, at, id]) === 0) throw new NotFoundError('decision', id);
    }
  }
}

export class SqlJsCorrectionRepository implements CorrectionRepository {
  constructor(private readonly ctx: RepositoryContext) {}

  get(correctionId: string): Correction | undefined {
    const row = query(this.ctx, DECISION_SQL.getCorrection, [correctionId], (s) => (s.step() ? s.get() : undefined));
    return row && unwrapOrThrow(this.ctx, CORRECTIONS_TABLE, decodeCorrection(row));
  }

  listForPlan(planId: string): Correction[] {
    return keepValid(this.ctx, CORRECTIONS_TABLE, query(this.ctx, DECISION_SQL.listCorrectionsForPlan, [planId], readAll).map(decodeCorrection));
  }

  insert(correction: Correction): void {
    const c = validateForWrite(this.ctx, CorrectionSchema, correction, 'correction');
    refuseDigitOnlyIds({ correction_id: c.correction_id, plan_id: c.plan_id, decision_id: c.decision_id });
    const values: SqlValue[] = [
      c.correction_id,
      c.plan_id,
      c.decision_id,
      c.mode,
      c.state,
      JSON.stringify(c.reverted_decisions),
      c.restored_paths === null ? null : JSON.stringify(c.restored_paths),
      c.target_checkpoint_id,
      c.undo_checkpoint_id,
      c.created_at,
      c.undone_at,
      c.affected_decisions === undefined ? null : JSON.stringify(c.affected_decisions),
    ];
    mutate(this.ctx, DECISION_SQL.insertCorrection, values, {
      unique: () => new ValidationError(`correction ${c.correction_id} already exists`),
      foreignKey: () => new NotFoundError('plan', c.plan_id),
    });
  }

  markUndone(correctionId: string, at: string): void {
    if (mutate(this.ctx, DECISION_SQL.markCorrectionUndone, [at, correctionId]) === 0) throw new NotFoundError('correction', correctionId);
  }

  markApplied(correctionId: string): void {
    if (mutate(this.ctx, DECISION_SQL.markCorrectionApplied, [correctionId]) === 0) throw new NotFoundError('correction', correctionId);
  }
}

function decodeDecision(row: SqlValue[], dependsOn: SqlValue[]): Decoded<Decision> {
  const [decision_id, plan_id, title, rationale, state, created_at, reverted_at, reverted_by] = row;
  return decode(DecisionSchema, { decision_id, plan_id, title, rationale, state, created_at, reverted_at, reverted_by, depends_on: dependsOn }, decision_id);
}

function decodeCorrection(row: SqlValue[]): Decoded<Correction> {
  const [correction_id, plan_id, decision_id, mode, state, reverted_json, restored_json, target_checkpoint_id, undo_checkpoint_id, created_at, undone_at, affected_json] = row;
  let reverted_decisions: unknown;
  let restored_paths: unknown;
  let affected_decisions: unknown;
  try {
    reverted_decisions = typeof reverted_json === 'string' ? JSON.parse(reverted_json) : undefined;
    restored_paths = typeof restored_json === 'string' ? JSON.parse(restored_json) : restored_json;
    affected_decisions = typeof affected_json === 'string' ? JSON.parse(affected_json) : undefined;
  } catch {
    return { ok: false, id: String(correction_id), issues: 'reverted_decisions_json, restored_paths_json or affected_decisions_json: not valid JSON' };
  }
  const candidate = { correction_id, plan_id, decision_id, mode, state, reverted_decisions, restored_paths, target_checkpoint_id, undo_checkpoint_id, created_at, undone_at, affected_decisions };
  return decode(CorrectionSchema, candidate, correction_id);
}
