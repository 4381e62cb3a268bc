"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.SCHEMA_VERSION = exports.MIGRATIONS = exports.STATE_CHANGES_PLAN_INDEX = exports.STATE_CHANGES_TABLE = exports.CORRECTIONS_PLAN_INDEX = exports.DECISION_DEPENDENTS_INDEX = exports.DECISIONS_PLAN_INDEX = exports.CORRECTIONS_TABLE = exports.DECISION_DEPENDENCIES_TABLE = exports.DECISIONS_TABLE = exports.CHECKPOINTS_CREATED_AT_INDEX = exports.CHECKPOINTS_PLAN_INDEX = exports.CHECKPOINTS_TABLE = exports.PLANS_TABLE = void 0;
exports.readSchemaVersion = readSchemaVersion;
exports.listSchemaObjects = listSchemaObjects;
exports.migrate = migrate;
exports.PLANS_TABLE = 'v3_plans';
exports.CHECKPOINTS_TABLE = 'checkpoint_metadata';
exports.CHECKPOINTS_PLAN_INDEX = 'idx_checkpoints_plan';
exports.CHECKPOINTS_CREATED_AT_INDEX = 'ix_checkpoint_metadata_created_at';
exports.DECISIONS_TABLE = 'v3_decisions';
exports.DECISION_DEPENDENCIES_TABLE = 'v3_decision_dependencies';
exports.CORRECTIONS_TABLE = 'v3_corrections';
exports.DECISIONS_PLAN_INDEX = 'idx_decisions_plan';
exports.DECISION_DEPENDENTS_INDEX = 'idx_decision_dependents';
exports.CORRECTIONS_PLAN_INDEX = 'idx_corrections_plan';
/** Not in the spec: ours, for the history of each plan's state. */
exports.STATE_CHANGES_TABLE = 'plan_state_changes';
exports.STATE_CHANGES_PLAN_INDEX = 'idx_plan_state_changes_plan';
/**
 * Column types are the spec's as written (STRING(26), STRING(30)) so that any SQLite client sees
 * the promised schema. SQLite gives such columns NUMERIC affinity, which would turn an id made of
 * digits only into a number: the repositories refuse such ids before they reach SQL.
 *
 * `idx_checkpoints_plan` also holds created_at and checkpoint_id, the order the tree lists a plan's
 * checkpoints in, so listing them is one index range with no sort.
 */
exports.MIGRATIONS = [
    {
        version: 1,
        description: 'plans and checkpoint metadata',
        statements: [
            `CREATE TABLE ${exports.PLANS_TABLE} (
  plan_id STRING(26) NOT NULL PRIMARY KEY,
  title TEXT NOT NULL,
  state TEXT NOT NULL,
  sandbox_path TEXT NOT NULL,
  sandbox_kind TEXT NOT NULL DEFAULT 'in_place',
  base_ref TEXT,
  max_checkpoints INTEGER NOT NULL DEFAULT 50,
  auto_prune INTEGER NOT NULL DEFAULT 1,
  created_at STRING(30) NOT NULL,
  updated_at STRING(30) NOT NULL
)`,
            `CREATE TABLE ${exports.CHECKPOINTS_TABLE} (
  checkpoint_id STRING(26) NOT NULL PRIMARY KEY,
  plan_id STRING(26) NOT NULL REFERENCES ${exports.PLANS_TABLE}(plan_id),
  decision_id STRING(26),
  checkpoint_type TEXT,
  resource_id STRING(26),
  sandbox_ref TEXT,
  filesystem_path TEXT,
  size_bytes INTEGER,
  created_at STRING(30),
  metadata_json TEXT
)`,
            `CREATE INDEX ${exports.CHECKPOINTS_PLAN_INDEX} ON ${exports.CHECKPOINTS_TABLE} (plan_id, created_at, checkpoint_id)`,
            `CREATE INDEX ${exports.CHECKPOINTS_CREATED_AT_INDEX} ON ${exports.CHECKPOINTS_TABLE} (created_at)`,
        ],
    },
    {
        // Only additions: checkpoint_metadata stays the spec's, column for column. A decision's rows go
        // with its plan (ON DELETE CASCADE), so deleting a plan needs no knowledge of decisions.
        version: 2,
        description: 'decisions, their dependencies, and the corrections that reverted them',
        statements: [
            `CREATE TABLE ${exports.DECISIONS_TABLE} (
  decision_id STRING(26) NOT NULL PRIMARY KEY,
  plan_id STRING(26) NOT NULL REFERENCES ${exports.PLANS_TABLE}(plan_id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  rationale TEXT,
  state TEXT NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'reverted')),
  created_at STRING(30) NOT NULL,
  reverted_at STRING(30),
  reverted_by STRING(26)
)`,
            `CREATE TABLE ${exports.DECISION_DEPENDENCIES_TABLE} (
  decision_id STRING(26) NOT NULL REFERENCES ${exports.DECISIONS_TABLE}(decision_id) ON DELETE CASCADE,
  depends_on STRING(26) NOT NULL REFERENCES ${exports.DECISIONS_TABLE}(decision_id) ON DELETE CASCADE,
  PRIMARY KEY (decision_id, depends_on),
  CHECK (decision_id <> depends_on)
)`,
            `CREATE TABLE ${exports.CORRECTIONS_TABLE} (
  correction_id STRING(26) NOT NULL PRIMARY KEY,
  plan_id STRING(26) NOT NULL REFERENCES ${exports.PLANS_TABLE}(plan_id) ON DELETE CASCADE,
  decision_id STRING(26) NOT NULL,
  mode TEXT NOT NULL,
  state TEXT NOT NULL,
  reverted_decisions_json TEXT NOT NULL,
  restored_paths_json TEXT,
  target_checkpoint_id STRING(26),
  undo_checkpoint_id STRING(26),
  created_at STRING(30) NOT NULL,
  undone_at STRING(30)
)`,
            `CREATE INDEX ${exports.DECISIONS_PLAN_INDEX} ON ${exports.DECISIONS_TABLE} (plan_id, created_at, decision_id)`,
            `CREATE INDEX ${exports.DECISION_DEPENDENTS_INDEX} ON ${exports.DECISION_DEPENDENCIES_TABLE} (depends_on, decision_id)`,
            `CREATE INDEX ${exports.CORRECTIONS_PLAN_INDEX} ON ${exports.CORRECTIONS_TABLE} (plan_id, created_at, correction_id)`,
        ],
    },
    {
        version: 3,
        description: 'the history of plan states',
        statements: [
            `CREATE TABLE ${exports.STATE_CHANGES_TABLE} (
  plan_id STRING(26) NOT NULL REFERENCES ${exports.PLANS_TABLE}(plan_id) ON DELETE CASCADE,
  from_state TEXT,
  to_state TEXT NOT NULL,
  changed_at STRING(30) NOT NULL
)`,
            `CREATE INDEX ${exports.STATE_CHANGES_PLAN_INDEX} ON ${exports.STATE_CHANGES_TABLE} (plan_id, changed_at)`,
        ],
    },
    {
        // A column added at the end: what older readers select is unchanged.
        version: 4,
        description: 'the decisions whose later work a correction undid',
        statements: [`ALTER TABLE ${exports.CORRECTIONS_TABLE} ADD COLUMN affected_decisions_json TEXT`],
    },
];
/** The newest schema this code knows; a file with a higher user_version is from a newer release. */
exports.SCHEMA_VERSION = exports.MIGRATIONS[exports.MIGRATIONS.length - 1].version;
function readSchemaVersion(db) {
    const result = db.exec('PRAGMA user_version');
    return Number(result[0]?.values[0]?.[0] ?? 0);
}
/** Names of the tables, views, indexes and triggers a file holds, apart from SQLite's own. */
function listSchemaObjects(db) {
    const result = db.exec("SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name");
    return (result[0]?.values ?? []).map((row) => String(row[0]));
}
/**
 * Brings `db` from `fromVersion` to SCHEMA_VERSION in one transaction: all steps or none. The
 * caller has checked that `fromVersion` is not newer than we know. Returns whether anything ran.
 */
function migrate(db, fromVersion) {
    const pending = exports.MIGRATIONS.filter((m) => m.version > fromVersion);
    if (pending.length === 0)
        return false;
    db.run('BEGIN');
    try {
        for (const migration of pending) {
            for (const statement of migration.statements)
                db.run(statement);
            db.run(`PRAGMA user_version = ${migration.version}`);
        }
        db.run('COMMIT');
    }
    catch (error) {
        db.run('ROLLBACK');
        throw error;
    }
    return true;
}
//# sourceMappingURL=schemaMigrations.js.map