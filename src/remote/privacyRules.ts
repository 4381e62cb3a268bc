// What may leave the machine in a pushed snapshot: a deny list of file names, well-known secret
// formats in file contents, an allow list that overrides both, and a size cap per blob. Pure: the
// caller reads the files (snapshotFilter.ts) and decides what to do with the verdicts.

/** Why a file of a snapshot was left out of what a push sends. */
export type WithheldReason = 'denied_name' | 'secret_content' | 'too_large';

/** The default cap on one file's bytes in a pushed snapshot (GitHub refuses blobs over 100 MB). */
export const DEFAULT_MAX_BLOB_BYTES = 50 * 1024 * 1024;

/**
 * File names that hold credentials often enough to be withheld whatever they contain. A pattern
 * without `/` matches the file's name in any folder; with `/`, the whole path.
 */
export const DEFAULT_DENY_PATTERNS: readonly string[] = [
  '.env',
  '.env.*',
  '*.env',
  '.envrc',
  '*.pem',
  '*.key',
  '*.p12',
  '*.pfx',
  '*.jks',
  '*.keystore',
  'id_rsa',
  'id_dsa',
  'id_ecdsa',
  'id_ed25519',
  'credentials',
  'credentials.json',
  '.netrc',
  '_netrc',
  '.npmrc',
  '.pypirc',
  '.pgpass',
  '.git-credentials',
  '.htpasswd',
  '*.tfvars',
  'secrets.yml',
  'secrets.yaml',
  'secrets.json',
  'service-account*.json',
];

/** A secret format: a name for the report, and a pattern that finds it in a file's text. */
export interface SecretFormat {
  readonly name: string;
  readonly pattern: RegExp;
}

/** Well-known secret formats (prefixes issued by their providers, key blocks). */
export const SECRET_FORMATS: readonly SecretFormat[] = [
  { name: 'AWS access key id', pattern: /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/ },
  { name: 'AWS secret access key', pattern: /aws_?secret_?access_?key["']?\s*[:=]\s*["']?[A-Za-z0-9/+=]{40}/i },
  { name: 'GitHub token', pattern: /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36}\b/ },
  { name: 'GitHub fine-grained token', pattern: /\bgithub_pat_[A-Za-z0-9_]{22,}/ },
  { name: 'GitLab token', pattern: /\bglpat-[A-Za-z0-9_-]{20,}/ },
  { name: 'Slack token', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/ },
  { name: 'private key block', pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/ },
  { name: 'Google API key', pattern: /\bAIza[0-9A-Za-z_-]{35}\b/ },
  { name: 'Stripe live key', pattern: /\b(?:sk|rk)_live_[0-9A-Za-z]{24,}/ },
  { name: 'Anthropic API key', pattern: /\bsk-ant-[A-Za-z0-9_-]{20,}/ },
  { name: 'OpenAI API key', pattern: /\bsk-(?:proj-)?[A-Za-z0-9_-]{20,}T3BlbkFJ[A-Za-z0-9_-]{20,}/ },
  { name: 'npm token', pattern: /\bnpm_[A-Za-z0-9]{36}\b/ },
];

/** The first secret format found in `text`, if any. */
export function secretIn(text: string): SecretFormat | undefined {
  return SECRET_FORMATS.find((f) => f.pattern.test(text));
}

/** `text` with every match of a secret format replaced (for the rows' own text: reasons, titles). */
export function redactSecrets(text: string): string {
  let out = text;
  for (const f of SECRET_FORMATS) out = out.replace(new RegExp(f.pattern.source, f.pattern.flags.includes('g') ? f.pattern.flags : `${f.pattern.flags}g`), '[withheld]');
  return out;
}

/**
 * A glob as a regular expression: `**` any run of characters, `*` any run without `/`, `?` one
 * character but `/`. Matched against the file's name when the pattern has no `/`, else its path.
 */
export function globMatcher(pattern: string): (filePath: string) => boolean {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '*' && pattern[i + 1] === '*') {
      source += '.*';
      i++;
      if (pattern[i + 1] === '/') i++;
    } else if (ch === '*') source += '[^/]*';
    else if (ch === '?') source += '[^/]';
    else source += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  const re = new RegExp(`^${source}$`);
  const byName = !pattern.includes('/');
  return (filePath) => re.test(byName ? (filePath.split('/').pop() ?? filePath) : filePath);
}

/** The rules of one push, from the workspace's settings. */
export interface PrivacyRules {
  readonly deny: readonly string[];
  readonly allow: readonly string[];
  readonly maxBlobBytes: number;
}

/** Decides, file by file, what a push withholds. */
export class PrivacyFilter {
  private readonly denied: ((p: string) => boolean)[];
  private readonly allowed: ((p: string) => boolean)[];

  constructor(readonly rules: PrivacyRules) {
    this.denied = rules.deny.map(globMatcher);
    this.allowed = rules.allow.map(globMatcher);
  }

  /** Whether the allow list names this path: then neither its name nor its content withholds it. */
  isAllowed(filePath: string): boolean {
    return this.allowed.some((m) => m(filePath));
  }

  /** The verdict from what is known without reading the file: its path and size. */
  byNameAndSize(filePath: string, sizeBytes: number): WithheldReason | undefined {
    if (sizeBytes > this.rules.maxBlobBytes) return 'too_large';
    if (this.isAllowed(filePath)) return undefined;
    return this.denied.some((m) => m(filePath)) ? 'denied_name' : undefined;
  }
}
