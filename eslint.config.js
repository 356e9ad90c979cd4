// Lint rules for every TypeScript and Vue file; part of `npm test`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import vue from 'eslint-plugin-vue';
import globals from 'globals';

export default tseslint.config(
  // The build's bundled config (electron.vite.config.ts.<time>.mjs) exists only while it runs, which may be beside lint (npm run checks).
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', '.native-cache/**', '*.config.ts.*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.vue'] } },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'vue/multi-word-component-names': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
      'vue/html-indent': 'off',
      'vue/html-closing-bracket-newline': 'off',
      'vue/multiline-html-element-content-newline': 'off',
      'vue/first-attribute-linebreak': 'off',
    },
  },
  {
    // The core runs in web mode and under plain Node tests: it must never reach for Electron.
    files: ['src-main/core/**', 'src-shared/**', 'src-sim/**'],
    rules: { 'no-restricted-imports': ['error', { paths: ['electron'] }] },
  },
  {
    // One clock per mode in the core (issue 27.7): the time comes from core/clock.ts, given at composition, so the
    // history, the daily cap and the send-time check read the test gateway's clock in Sandbox like the runner does.
    files: ['src-main/core/**'],
    ignores: ['src-main/core/clock.ts', 'src-main/core/log.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='Date'][property.name='now']", message: "Read the core's clock (core/clock.ts), not Date.now." },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: "Read the core's clock (core/clock.ts), not new Date()." },
      ],
    },
  },
  {
    // The renderer is untrusted and runs in a browser: no Node built-ins, no core modules.
    files: ['src-renderer/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: ['electron'], patterns: ['node:*', '**/src-main/**', '**/src-sim/**'] },
      ],
    },
  },
);
