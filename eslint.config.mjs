import tseslint from 'typescript-eslint';

/** Raw file access outside the adapters (see the first block below). */
const RAW_FILE_ACCESS = ['fs', 'node:fs', 'fs/promises', 'node:fs/promises'].map((name) => ({
  name,
  importNames: ['open', 'openSync', 'readFile', 'readFileSync', 'writeFile', 'writeFileSync', 'appendFile', 'appendFileSync', 'createReadStream', 'createWriteStream', 'mkdir', 'mkdirSync', 'rename', 'renameSync', 'readdir', 'readdirSync'],
  message: 'state files and agents\' settings files go through src/adapters/files/stateFiles.ts; a file of another kind says why beside an eslint-disable comment.',
}));

export default tseslint.config(
  { ignores: ['test/fixtures/**', 'dist/**', 'out/**', 'node_modules/**', '.vscode-test/**', 'test-results/**', '*.mjs', 'scripts/*.mjs'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // In the bundled code, `import { z }` takes zod's namespace object whole (its JSON-schema
    // compiler and all), which esbuild cannot trim: one such import added 85 KB to extension.js.
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z']", message: "import * as z from 'zod': the named import keeps all of zod in the bundle." },
      ],
    },
  },
  {
    // The product's state files (.cleveragents/) and the agents' settings files are reached only
    // through src/adapters/files/stateFiles.ts (no links, no FIFOs, private modes; docs/SECURITY.md).
    // Outside the adapters, a raw open, read, write or mkdir needs a reason next to its import.
    files: ['src/**/*.ts'],
    ignores: ['src/adapters/**', 'src/core/**', 'src/webview/**'],
    rules: { 'no-restricted-imports': ['error', ...RAW_FILE_ACCESS] },
  },
  {
    // The layers of the front doors (docs/ARCHITECTURE.md): the resident process (daemon/) runs the
    // hooks' and the CLI's code warm, so it sits above them; what they share with it (its client,
    // protocol, launchers) sits below them all, in daemonClient/. No import runs back up.
    files: ['src/hooks/**/*.ts', 'src/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: RAW_FILE_ACCESS, patterns: [{ group: ['**/daemon/**', '**/extension/**', '**/mcp/**'], message: 'hooks/ and cli/ sit below the resident process (daemon/) and the other front ends; what they share with it is in daemonClient/.' }] }],
    },
  },
  {
    files: ['src/daemonClient/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: RAW_FILE_ACCESS, patterns: [{ group: ['**/daemon/**', '**/hooks/**', '**/cli/**', '**/extension/**', '**/mcp/**', '**/remote/**', '**/composition'], message: 'daemonClient/ sits below every front door: it imports none of them.' }] }],
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['vscode', 'sql.js', 'simple-git', 'fs', 'node:fs', 'fs/promises', 'node:fs/promises', 'child_process', 'node:child_process'],
          patterns: [
            { group: ['**/adapters/**', '**/extension/**', '**/cli/**', '**/webview/**'], message: 'core talks to ports, not to adapters or UI.' },
          ],
        },
      ],
    },
  },
  {
    // The agent tools serve MCP and VS Code alike: what they share lives in core/ and envelopes/.
    files: ['src/agentTools/**/*.ts', 'src/envelopes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['vscode'],
          patterns: [{ group: ['**/extension/**', '**/cli/**', '**/mcp/**'], message: 'agent tools and envelopes import only core/, envelopes/ and adapters.' }],
        },
      ],
    },
  },
  {
    files: ['src/webview/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['vscode', '**/core/**', '!**/core/displayText', '**/adapters/**', '**/extension/**'],
              message: 'the webview imports only the shared protocol (and core/displayText, which imports nothing).',
            },
          ],
        },
      ],
    },
  },
);
