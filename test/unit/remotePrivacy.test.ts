import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import type { CheckpointJson, PlanJson } from '../../src/envelopes/envelopes';
import { bundledMetadata, bundledTitle } from '../../src/remote/planBundle';
import { DEFAULT_DENY_PATTERNS, PrivacyFilter, globMatcher, redactSecrets, secretIn } from '../../src/remote/privacyRules';
import { shownUrl } from '../../src/remote/remoteRefs';
import { ensureCliBuilt } from './helpers/cliHarness';
import { AWS_SECRET, GITHUB_TOKEN, everyObject, gitIn, machine, userRemote } from './helpers/remoteFixtures';
import { noise, write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';
import type { Checkpoint } from '../../src/core/checkpoint';

// What may leave the machine (src/remote/privacyRules.ts, planBundle.ts): the deny list, the secret
// formats, the allow list over both, the size cap, prompt text; and, through the built CLI and a
// real remote, that what is withheld is in no object the remote holds.

interface PushJson {
  push: { plans: { plan_id: string; status: string; withheld: { path: string; reason: string; detail?: string }[] }[] };
}

const FAKE = {
  aws: 'AKIAIOSFODNN7EXAMPLE',
  slack: 'xoxb-123456789012-abcdefghijkl',
  google: `AIza${'Sy0123456789abcdefghijklmnopqrstuvw'}`,
  key: '-----BEGIN OPENSSH PRIVATE KEY-----',
  rsa: '-----BEGIN RSA PRIVATE KEY-----',
  pat: `github_pat_${'11ABCDEFG0123456789_abcdefghijklmnop'}`,
};

describe('agents remote: what leaves the machine', function () {
  this.timeout(600_000);
  const tempDir = useTempDirs();

  describe('the rules', () => {
    it('the deny list names credential files in any folder, and nothing else', () => {
      const filter = new PrivacyFilter({ deny: DEFAULT_DENY_PATTERNS, allow: [], maxBlobBytes: 100 });
      for (const p of ['.env', 'app/.env.local', '.ssh/id_rsa', 'certs/server.pem', 'deploy/prod.key', '.aws/credentials', 'x/.npmrc', 'gcp/service-account-prod.json']) assert.equal(filter.byNameAndSize(p, 1), 'denied_name', p);
      for (const p of ['src/env.ts', 'environment.md', '.ssh/id_rsa.pub', 'keys.txt', 'docs/credentials.md']) assert.equal(filter.byNameAndSize(p, 1), undefined, p);
    });

    it('the allow list overrides the deny list, never the size cap; globs with a slash match the path', () => {
      const filter = new PrivacyFilter({ deny: DEFAULT_DENY_PATTERNS, allow: ['.env.example', 'fixtures/**'], maxBlobBytes: 100 });
      assert.equal(filter.byNameAndSize('.env.example', 1), undefined);
      assert.equal(filter.byNameAndSize('fixtures/deep/id_rsa', 1), undefined);
      assert.equal(filter.byNameAndSize('.env', 1), 'denied_name');
      assert.equal(filter.byNameAndSize('fixtures/big.bin', 101), 'too_large');
      assert.equal(globMatcher('src/*.ts')('src/a.ts'), true);
      assert.equal(globMatcher('src/*.ts')('src/x/a.ts'), false);
      assert.equal(globMatcher('src/**/*.ts')('src/x/y/a.ts'), true);
      assert.equal(globMatcher('a?c')('dir/abc'), true);
    });

    it('the well-known secret formats are found, ordinary text is not', () => {
      assert.equal(secretIn(`aws_access_key_id = ${FAKE.aws}`)?.name, 'AWS access key id');
      assert.equal(secretIn(`AWS_SECRET_ACCESS_KEY=${AWS_SECRET}`)?.name, 'AWS secret access key');
      assert.equal(secretIn(`token: ${GITHUB_TOKEN}`)?.name, 'GitHub token');
      assert.equal(secretIn(FAKE.pat)?.name, 'GitHub fine-grained token');
      assert.equal(secretIn(FAKE.slack)?.name, 'Slack token');
      assert.equal(secretIn(FAKE.google)?.name, 'Google API key');
      assert.equal(secretIn(`${FAKE.key}\nb3Blbn\n`)?.name, 'private key block');
      assert.equal(secretIn(FAKE.rsa)?.name, 'private key block');
      for (const text of ['const key = process.env.AWS_SECRET_ACCESS_KEY;', 'ghp_short', '-----BEGIN PUBLIC KEY-----', 'AKIA lowercase akiaiosfodnn7example']) assert.equal(secretIn(text), undefined, text);
      assert.equal(redactSecrets(`run with ${GITHUB_TOKEN} now`), 'run with [withheld] now');
      assert.equal(shownUrl('https://me:s3cret-token@git.example.test/team/sessions.git'), 'https://***@git.example.test/team/sessions.git');
      assert.equal(shownUrl('git@github.com:team/sessions.git'), 'git@github.com:team/sessions.git');
    });

    it('without prompts, a prompt’s checkpoint is "prompt N" and a title made of a prompt keeps only the agent', () => {
      const checkpoint = {
        checkpoint_type: 'manual',
        metadata: { reason: 'Before: "deploy with my key"', source_tool: null, phase: 'prompt', extra: { agent: 'claude-code', prompt: 'deploy with my key', command: `echo ${GITHUB_TOKEN}` }, skipped: [] },
      } as unknown as Checkpoint;
      assert.deepEqual(bundledMetadata(checkpoint, 3, false), { reason: 'prompt 3', source_tool: null, phase: 'prompt', extra: { agent: 'claude-code', command: 'echo [withheld]' }, skipped: [] });
      assert.equal(bundledMetadata(checkpoint, 3, true).reason, 'Before: "deploy with my key"');
      const plan = { title: 'Claude Code: deploy with my key' } as unknown as PlanJson;
      assert.equal(bundledTitle(plan as never, ['Claude Code'], false), 'Claude Code: prompt 1');
      assert.equal(bundledTitle(plan as never, ['Claude Code'], true), 'Claude Code: deploy with my key');
      assert.equal(bundledTitle({ title: 'Refactor the parser' } as never, ['Claude Code'], false), 'Refactor the parser');
    });
  });

  describe('through the CLI, on a real remote', () => {
    before(() => ensureCliBuilt());

    it('an allow list lets an example file out, the size cap holds a large one back, prompts leave only with --include-prompts', () => {
      const dir = tempDir();
      const bare = userRemote(dir);
      const a = machine(path.join(dir, 'a'), path.join(dir, 'config-a'));
      gitIn(dir, 'clone', '--quiet', bare, a.root);
      write(a.root, '.env.example', 'API_URL=https://example.test # example-file-marker\n');
      write(a.root, '.env.production', 'DB_PASSWORD=production-marker\n');
      write(a.root, 'docs/keys.md', `Keys look like ${FAKE.key} (documented-key-marker)\n`);
      write(a.root, 'src/aws.ts', `export const id = '${FAKE.aws}';\n`);
      write(a.root, 'big.bin', noise(1536 * 1024, 7));
      const planId = a.json<{ plan: PlanJson }>(['plan', 'create', '--title', 'privacy']).plan.plan_id;
      a.json<{ checkpoint: CheckpointJson }>(['plan', 'checkpoint', planId, '--phase', 'prompt', '--reason', 'Before: "the-prompt-marker"', '--extra', 'agent=claude-code']);
      const enabled = a.cli(['remote', 'enable', '--allow', '.env.example', '--allow', 'docs/**', '--max-blob-mb', '1']);
      assert.equal(enabled.code, 0, enabled.stderr);
      assert.match(enabled.stdout, /allow: {4}\.env\.example, docs\/\*\*/);
      const out = a.json<PushJson>(['remote', 'push', 'origin']).push.plans[0]!;
      assert.deepEqual(
        out.withheld.map((w) => [w.path, w.reason, w.detail]),
        [
          ['.env.production', 'denied_name', undefined],
          ['big.bin', 'too_large', `${1536 * 1024} bytes`],
          ['src/aws.ts', 'secret_content', 'AWS access key id'],
        ],
      );
      let remote = everyObject(bare).text;
      for (const marker of ['example-file-marker', 'documented-key-marker']) assert.ok(remote.includes(marker), `${marker} was allowed out`);
      for (const marker of ['production-marker', FAKE.aws, 'the-prompt-marker']) assert.ok(!remote.includes(marker), `${marker} reached the remote`);
      assert.ok(!remote.includes(noise(1536 * 1024, 7).subarray(0, 64).toString('latin1')), 'the large file stayed here');

      // With --include-prompts, the next checkpoint's prompt text goes too (and says so).
      a.json(['plan', 'checkpoint', planId, '--phase', 'prompt', '--reason', 'Before: "the-second-prompt-marker"', '--extra', 'agent=claude-code']);
      const withPrompts = a.cli(['remote', 'push', 'origin', '--include-prompts']);
      assert.equal(withPrompts.code, 0, withPrompts.stderr);
      assert.match(withPrompts.stdout, /prompts included/);
      remote = everyObject(bare).text;
      assert.ok(remote.includes('the-second-prompt-marker'));
      assert.ok(!remote.includes('the-prompt-marker"'), 'what left earlier without its prompt is not rewritten');
    });
  });
});
