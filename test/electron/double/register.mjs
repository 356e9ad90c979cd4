// `node --import` entry of the process under test: TypeScript for the double, 'electron' mapped to it,
// and the driver the test steers it with, all before the built main bundle runs.
import { register } from 'node:module';
import { register as registerTsx } from 'tsx/esm/api';

registerTsx();
register('./resolve-electron.mjs', import.meta.url);
await import('./driver.ts');
