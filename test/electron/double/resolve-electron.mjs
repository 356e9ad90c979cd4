// Module resolution hook for the process under test: 'electron' is the double in this folder.
const double = new URL('./index.ts', import.meta.url).href;

export async function resolve(specifier, context, next) {
  // Handed on, so TypeScript's loader (registered before this hook) resolves and compiles the double.
  return next(specifier === 'electron' ? double : specifier, context);
}
