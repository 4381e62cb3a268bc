import tseslint from 'typescript-eslint';

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
