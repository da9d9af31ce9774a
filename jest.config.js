// Unit specs sit next to the code; integration and e2e specs under apps/*/test and libs/*/test
// run against the real Postgres and NATS (see libs/testing).
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true },
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        useDefineForClassFields: false,
      },
      keepClassNames: true,
    },
    module: { type: 'es6' },
  },
];

const libs = [
  'config',
  'contracts',
  'domain',
  'messaging',
  'observability',
  'patches',
  'persistence',
  'platform',
  'testing',
];

const common = {
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    ...Object.fromEntries(libs.map((lib) => [`^@cps/${lib}$`, `<rootDir>/libs/${lib}/src/index.ts`])),
    '^@cps/tools$': '<rootDir>/tools/index.ts',
    '^@cps/testing/unit$': '<rootDir>/libs/testing/src/unit.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testEnvironment: 'node',
};

export default {
  // Integration specs start the platform in beforeAll; runInBand (npm run test:integration) keeps them apart.
  testTimeout: 120_000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/{apps,libs,tools}/**/src/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/{apps,libs}/**/test/**/*.{int-spec,e2e-spec}.ts'],
    },
  ],
};
