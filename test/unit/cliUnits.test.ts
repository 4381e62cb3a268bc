import * as assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { parseCommandLine, sniffFormat } from '../../src/cli/args';
import { CliError, UsageError } from '../../src/envelopes/cliErrors';
import { askLine, confirmChange, isYes, type ConfirmationIo } from '../../src/cli/confirm';
import { errorEnvelope, rollbackEnvelope } from '../../src/envelopes/envelopes';
import { formatBytes } from '../../src/core/formatBytes';
import { table } from '../../src/cli/textOutput';
import { ApplyConflictError, BusinessRuleViolation, NotFoundError, StoreError } from '../../src/core/errors';

const P = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
const C = '01BX5ZZKBKACTAV9WEVGEMMVRZ';

describe('CLI building blocks (in process)', () => {
  describe('confirmation', () => {
    function io(interactive: boolean, answer: string | undefined, assumeYes = false): ConfirmationIo & { written: string[]; asked: string[] } {
      const written: string[] = [];
      const asked: string[] = [];
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
      await confirmChange(x, request);
      assert.deepEqual([x.written, x.asked], [[], []]);
    });

    it('without a terminal it refuses at once, without asking', async () => {
      const x = io(false, 'y');
      await assert.rejects(confirmChange(x, request), (e: Error) => e instanceof CliError && e.type === 'ConfirmationRequired' && e.exitCode === 1 && e.message === 'Rollback refused: confirmation needed; re-run with --yes');
      assert.deepEqual(x.asked, []);
    });

    it('on a terminal it shows the preview, asks y/N, and only y or yes proceeds', async () => {
      for (const yes of ['y', 'Y', 'yes', 'YES', ' yes ']) {
        const x = io(true, yes);
        await confirmChange(x, request);
        assert.deepEqual(x.written, ['  modified  a.txt']);
        assert.deepEqual(x.asked, ['Roll back? [y/N] ']);
      }
      for (const no of ['', 'n', 'no', 'yy', 'y e s', 'ok', undefined]) {
        await assert.rejects(confirmChange(io(true, no), request), (e: Error) => e instanceof CliError && e.type === 'Cancelled' && e.exitCode === 1, String(no));
      }
      assert.equal(isYes(undefined), false);
    });

    it('askLine reads one line from a stream, and gives undefined when the input ends unanswered', async () => {
      const input = new PassThrough();
      const output = new PassThrough();
      const answer = askLine(input, output, 'Roll back? [y/N] ');
      input.write('yes\nmore\n');
      assert.equal(await answer, 'yes');
      assert.equal(output.read()?.toString(), 'Roll back? [y/N] ');

      const closed = new PassThrough();
      const pending = askLine(closed, new PassThrough(), 'q? ');
      closed.end();
      assert.equal(await pending, undefined);
    });
  });

  describe('envelopes', () => {
    it('the rollback envelope is the spec\'s, field for field, in order', () => {
      const envelope = rollbackEnvelope({
        plan_id: P,
        result: { restored_files_count: 2, from_checkpoint_id: C, changed_paths: [{ path: 'a.txt', change: 'modified' }, { path: 'b/c.txt', change: 'deleted' }] },
        undo_checkpoint_id: '01BX5ZZKBKACTAV9WEVGEMMVS0',
        elapsed_seconds: 0.042,
      });
      assert.equal(
        JSON.stringify(envelope),
        JSON.stringify({
          rollback_summary: { plan_id: P, from_checkpoint_id: C, restored_files_count: 2 },
          changes_reverted: ['a.txt', 'b/c.txt'],
          impact: { files_affected: 2 },
          post_rollback_state: { active_checkpoint: C, plan_id: P, undo_checkpoint_id: '01BX5ZZKBKACTAV9WEVGEMMVS0' },
          timing: { elapsed_seconds: 0.042 },
          messages: ['Rollback completed successfully.'],
        }),
      );
    });

    it('errors: the core\'s types and texts, conflicts listed, anything else an InternalError without its stack', () => {
      assert.deepEqual(errorEnvelope(BusinessRuleViolation.planApplied()), { error: { type: 'BusinessRuleViolation', message: 'Rollback blocked: plan is already applied' } });
      assert.deepEqual(errorEnvelope(new NotFoundError('checkpoint', C)), { error: { type: 'NotFound', message: `Not found: checkpoint ${C}` } });
      assert.deepEqual(errorEnvelope(new StoreError('bad file x.db')), { error: { type: 'StoreError', message: 'bad file x.db' } });
      assert.deepEqual(errorEnvelope(new ApplyConflictError(['a', 'b'])).error.conflicts, ['a', 'b']);
      assert.deepEqual(errorEnvelope(new UsageError('unknown option --x')), { error: { type: 'UsageError', message: 'unknown option --x' } });
      const internal = errorEnvelope(new TypeError('cannot read properties of undefined'));
      assert.equal(internal.error.type, 'InternalError');
      assert.equal(internal.error.message, 'Unexpected error: cannot read properties of undefined (re-run with --debug for details)');
      assert.ok(!JSON.stringify(internal).includes(' at '));
    });
  });

  describe('command line parsing', () => {
    it('takes global options before or after the command, and -y for --yes', () => {
      const a = parseCommandLine(['--workspace', 'w', '--format', 'json', 'plan', 'rollback', '-y', P, C]);
      const b = parseCommandLine(['plan', 'rollback', P, C, '--yes', '--format=json', '--workspace=w']);
      assert.deepEqual(a, b);
      assert.deepEqual(a, { kind: 'run', global: { workspace: 'w', format: 'json', debug: false }, command: { name: 'rollback', planId: P, checkpointId: C, yes: true } });
    });

    it('reads --extra pairs in order, with = in values; -- ends the options', () => {
      const r = parseCommandLine(['plan', 'checkpoint', '--extra', 'a=1', '--extra', 'b=x=y', '--extra', 'c=', '--', P]);
      assert.ok(r.kind === 'run' && r.command.name === 'checkpoint');
      assert.deepEqual(r.command.extra, { a: '1', b: 'x=y', c: '' });
      assert.equal(r.command.type, 'manual');
      assert.throws(() => parseCommandLine(['plan', 'checkpoint', P, '--extra', 'a=1', '--extra', 'a=2']), /--extra a is given more than once/);
      assert.throws(() => parseCommandLine(['plan', 'checkpoint', P, '--extra', '=v']), UsageError);
    });

    it('--help and --version win over missing arguments', () => {
      assert.equal(parseCommandLine(['plan', 'rollback', '--help']).kind, 'help');
      assert.equal(parseCommandLine(['--version', 'plan']).kind, 'version');
    });

    it('finds --format json even in a command line that does not parse', () => {
      assert.equal(sniffFormat(['--bogus', '--format', 'json']), 'json');
      assert.equal(sniffFormat(['--format=json', 'plan']), 'json');
      assert.equal(sniffFormat(['--', '--format', 'json']), 'text');
      assert.equal(sniffFormat(['--format']), 'text');
    });
  });

  it('text helpers: sizes a person reads, aligned columns', () => {
    assert.deepEqual([0, 1023, 1024, 1536, 10 * 1024, 5 * 1024 * 1024, 3 * 1024 ** 3].map(formatBytes), ['0 B', '1023 B', '1.0 KiB', '1.5 KiB', '10 KiB', '5.0 MiB', '3.0 GiB']);
    assert.equal(table(['A', 'BB'], [['xxx', 'y'], ['z', '']]), 'A    BB\nxxx  y\nz');
  });
});
