/**
 * Import cycles fail `npm run lint`. Type-only imports count (`tsPreCompilationDeps`): a cycle of types
 * is still two files that cannot be read, moved or tested apart; a shared type belongs in a third file.
 * Dynamic `import()` counts too, so a cycle cannot hide behind one.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles: move what both sides need into a third file.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['__generated__'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
