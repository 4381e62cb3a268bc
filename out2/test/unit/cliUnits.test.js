"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
const assert = __importStar(require("node:assert/strict"));
const node_stream_1 = require("node:stream");
const args_1 = require("../../src/cli/args");
const cliErrors_1 = require("../../src/envelopes/cliErrors");
const confirm_1 = require("../../src/cli/confirm");
const envelopes_1 = require("../../src/envelopes/envelopes");
const formatBytes_1 = require("../../src/core/formatBytes");
const textOutput_1 = require("../../src/cli/textOutput");
const errors_1 = require("../../src/core/errors");
const P = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
const C = '01BX5ZZKBKACTAV9WEVGEMMVRZ';
describe('CLI building blocks (in process)', () => {
    describe('confirmation', () => {
        function io(interactive, answer, assumeYes = false) {
            const written = [];
            const asked = [];
            return {
                assumeYes,
                interactive,
                written,
                asked,
                show: (t) => {
                    written.push(t);
                },
                ask: (q) => {
                    asked.push(q);
                    return Promise.resolve(answer);
                },
            };
        }
        const request = { action: 'Rollback', question: 'Roll back?', preview: '  modified  a.txt' };
        it('--yes asks nothing and shows nothing', async () => {
            const x = io(false, undefined, true);
            await (0, confirm_1.confirmChange)(x, request);
            assert.deepEqual([x.written, x.asked], [[], []]);
        });
        it('without a terminal it refuses at once, without asking', async () => {
            const x = io(false, 'y');
            await assert.rejects((0, confirm_1.confirmChange)(x, request), (e) => e instanceof cliErrors_1.CliError && e.type === 'ConfirmationRequired' && e.exitCode === 1 && e.message === 'Rollback refused: confirmation needed; re-run with --yes');
            assert.deepEqual(x.asked, []);
        });
        it('on a terminal it shows the preview, asks y/N, and only y or yes proceeds', async () => {
            for (const yes of ['y', 'Y', 'yes', 'YES', ' yes ']) {
                const x = io(true, yes);
                await (0, confirm_1.confirmChange)(x, request);
                assert.deepEqual(x.written, ['  modified  a.txt']);
                assert.deepEqual(x.asked, ['Roll back? [y/N] ']);
            }
            for (const no of ['', 'n', 'no', 'yy', 'y e s', 'ok', undefined]) {
                await assert.rejects((0, confirm_1.confirmChange)(io(true, no), request), (e) => e instanceof cliErrors_1.CliError && e.type === 'Cancelled' && e.exitCode === 1, String(no));
            }
            assert.equal((0, confirm_1.isYes)(undefined), false);
        });
        it('askLine reads one line from a stream, and gives undefined when the input ends unanswered', async () => {
            const input = new node_stream_1.PassThrough();
            const output = new node_stream_1.PassThrough();
            const answer = (0, confirm_1.askLine)(input, output, 'Roll back? [y/N] ');
            input.write('yes\nmore\n');
            assert.equal(await answer, 'yes');
            assert.equal(output.read()?.toString(), 'Roll back? [y/N] ');
            const closed = new node_stream_1.PassThrough();
            const pending = (0, confirm_1.askLine)(closed, new node_stream_1.PassThrough(), 'q? ');
            closed.end();
            assert.equal(await pending, undefined);
        });
    });
    describe('envelopes', () => {
        it('the rollback envelope is the spec\'s, field for field, in order', () => {
            const envelope = (0, envelopes_1.rollbackEnvelope)({
                plan_id: P,
                result: { restored_files_count: 2, from_checkpoint_id: C, changed_paths: [{ path: 'a.txt', change: 'modified' }, { path: 'b/c.txt', change: 'deleted' }] },
                undo_checkpoint_id: '01BX5ZZKBKACTAV9WEVGEMMVS0',
                elapsed_seconds: 0.042,
            });
            assert.equal(JSON.stringify(envelope), JSON.stringify({
                rollback_summary: { plan_id: P, from_checkpoint_id: C, restored_files_count: 2 },
                changes_reverted: ['a.txt', 'b/c.txt'],
                impact: { files_affected: 2 },
                post_rollback_state: { active_checkpoint: C, plan_id: P, undo_checkpoint_id: '01BX5ZZKBKACTAV9WEVGEMMVS0' },
                timing: { elapsed_seconds: 0.042 },
                messages: ['Rollback completed successfully.'],
            }));
        });
        it('errors: the core\'s types and texts, conflicts listed, anything else an InternalError without its stack', () => {
            assert.deepEqual((0, envelopes_1.errorEnvelope)(errors_1.BusinessRuleViolation.planApplied()), { error: { type: 'BusinessRuleViolation', message: 'Rollback blocked: plan is already applied' } });
            assert.deepEqual((0, envelopes_1.errorEnvelope)(new errors_1.NotFoundError('checkpoint', C)), { error: { type: 'NotFound', message: `Not found: checkpoint ${C}` } });
            assert.deepEqual((0, envelopes_1.errorEnvelope)(new errors_1.StoreError('bad file x.db')), { error: { type: 'StoreError', message: 'bad file x.db' } });
            assert.deepEqual((0, envelopes_1.errorEnvelope)(new errors_1.ApplyConflictError(['a', 'b'])).error.conflicts, ['a', 'b']);
            assert.deepEqual((0, envelopes_1.errorEnvelope)(new cliErrors_1.UsageError('unknown option --x')), { error: { type: 'UsageError', message: 'unknown option --x' } });
            const internal = (0, envelopes_1.errorEnvelope)(new TypeError('cannot read properties of undefined'));
            assert.equal(internal.error.type, 'InternalError');
            assert.equal(internal.error.message, 'Unexpected error: cannot read properties of undefined (re-run with --debug for details)');
            assert.ok(!JSON.stringify(internal).includes(' at '));
        });
    });
    describe('command line parsing', () => {
        it('takes global options before or after the command, and -y for --yes', () => {
            const a = (0, args_1.parseCommandLine)(['--workspace', 'w', '--format', 'json', 'plan', 'rollback', '-y', P, C]);
            const b = (0, args_1.parseCommandLine)(['plan', 'rollback', P, C, '--yes', '--format=json', '--workspace=w']);
            assert.deepEqual(a, b);
            assert.deepEqual(a, { kind: 'run', global: { workspace: 'w', format: 'json', debug: false }, command: { name: 'rollback', planId: P, checkpointId: C, yes: true } });
        });
        it('reads --extra pairs in order, with = in values; -- ends the options', () => {
            const r = (0, args_1.parseCommandLine)(['plan', 'checkpoint', '--extra', 'a=1', '--extra', 'b=x=y', '--extra', 'c=', '--', P]);
            assert.ok(r.kind === 'run' && r.command.name === 'checkpoint');
            assert.deepEqual(r.command.extra, { a: '1', b: 'x=y', c: '' });
            assert.equal(r.command.type, 'manual');
            assert.throws(() => (0, args_1.parseCommandLine)(['plan', 'checkpoint', P, '--extra', 'a=1', '--extra', 'a=2']), /--extra a is given more than once/);
            assert.throws(() => (0, args_1.parseCommandLine)(['plan', 'checkpoint', P, '--extra', '=v']), cliErrors_1.UsageError);
        });
        it('--help and --version win over missing arguments', () => {
            assert.equal((0, args_1.parseCommandLine)(['plan', 'rollback', '--help']).kind, 'help');
            assert.equal((0, args_1.parseCommandLine)(['--version', 'plan']).kind, 'version');
        });
        it('finds --format json even in a command line that does not parse', () => {
            assert.equal((0, args_1.sniffFormat)(['--bogus', '--format', 'json']), 'json');
            assert.equal((0, args_1.sniffFormat)(['--format=json', 'plan']), 'json');
            assert.equal((0, args_1.sniffFormat)(['--', '--format', 'json']), 'text');
            assert.equal((0, args_1.sniffFormat)(['--format']), 'text');
        });
    });
    it('text helpers: sizes a person reads, aligned columns', () => {
        assert.deepEqual([0, 1023, 1024, 1536, 10 * 1024, 5 * 1024 * 1024, 3 * 1024 ** 3].map(formatBytes_1.formatBytes), ['0 B', '1023 B', '1.0 KiB', '1.5 KiB', '10 KiB', '5.0 MiB', '3.0 GiB']);
        assert.equal((0, textOutput_1.table)(['A', 'BB'], [['xxx', 'y'], ['z', '']]), 'A    BB\nxxx  y\nz');
    });
});
//# sourceMappingURL=cliUnits.test.js.map