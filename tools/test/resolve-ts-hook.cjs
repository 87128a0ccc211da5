// @ts-check
const { existsSync } = require('node:fs');
const { registerHooks } = require('node:module');
const { fileURLToPath } = require('node:url');

/*
 * jest runs globalSetup/globalTeardown through plain Node `require` (transpiled by the jest
 * transform, but WITHOUT moduleNameMapper), so the repo's ESM-style `./x.js` imports of `.ts`
 * sources would not resolve. This maps a missing relative `.js` to its `.ts` sibling, in the
 * jest parent process only; test files keep using jest's own resolver.
 */
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier.startsWith('.') && specifier.endsWith('.js') && context.parentURL?.startsWith('file:')) {
      const asJs = new URL(specifier, context.parentURL);
      const asTs = new URL(specifier.replace(/\.js$/, '.ts'), context.parentURL);
      if (!existsSync(fileURLToPath(asJs)) && existsSync(fileURLToPath(asTs))) {
        return nextResolve(specifier.replace(/\.js$/, '.ts'), context);
      }
    }
    return nextResolve(specifier, context);
  },
});
