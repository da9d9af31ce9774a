import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

/** The dependency table of STYLE.md. */
function boundaries(inTests) {
  const testing = inTests ? ['type:testing'] : [];
  return {
    allow: [],
    enforceBuildableLibDependency: false,
    depConstraints: [
      { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:contracts', 'type:domain', 'type:infra', ...testing] },
      { sourceTag: 'type:domain', onlyDependOnLibsWithTags: ['type:domain', 'type:contracts', ...testing] },
      { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:contracts', ...testing] },
      {
        sourceTag: 'type:infra',
        onlyDependOnLibsWithTags: ['type:infra', 'type:contracts', 'type:domain', ...testing],
      },
      { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:contracts', 'type:infra', 'type:domain', ...testing] },
      { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['*'] },
    ],
  };
}

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', '.nx/**', '.data/**', 'coverage/**', '**/*.js', '**/*.mjs'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: { '@nx': nx },
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': ['error', boundaries(false)],
    },
  },
  {
    // Tests (and only tests) may import libs/testing.
    files: ['**/*.spec.ts', '**/test/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': ['error', boundaries(true)],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  prettier,
);
