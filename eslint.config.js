// Strict, type-aware lint for the whole repository. At the root, so `eslint` and editors find it without --config.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'node_modules/**', 'test-results/**', 'screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.js'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // `onClick={() => setX(1)}` is how event handlers read in JSX.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[property.name='innerHTML']", message: 'Pages render text only.' },
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Pages render text only.' },
        { selector: "CallExpression[callee.name='eval']", message: 'No eval.' },
        { selector: "NewExpression[callee.name='Function']", message: 'No code from strings.' },
        {
          selector: "MemberExpression[object.property.name='tabs'][property.name='create']",
          message: 'Open tabs with createTab (src/ui/open-tab.ts): it leaves out what Firefox for Android refuses.',
        },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Node-side code: the tests and tools, and the build (vite.config.ts, vitest.config.ts and its steps in build/).
    files: ['test/**/*.ts', 'build/**/*.ts', '*.config.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
