// Holds the boundary's layout: a call's name prefix names its contract file (src-shared/contract/<domain>.ts) and the
// core folder that registers its handler (src-main/core/<folder>/), and every call has exactly one handler.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { calls, domainCalls, type CallName, type ContractDomain } from '../../../src-shared/contract';

const CORE = join(__dirname, '../../../src-main/core');

/** The contract file of a call: its prefix, except these prefixes that belong to a larger domain. */
function contractDomain(name: string): string {
  const [prefix, rest] = name.split('.') as [string, string];
  if (prefix === 'contacts' && rest.startsWith('import')) return 'import';
  return ({ groups: 'contacts', templates: 'compose', senders: 'compose', pricing: 'compose' } as Record<string, string>)[prefix] ?? prefix;
}

/** The core folder that registers a contract domain's handlers. */
const CORE_FOLDER: Record<ContractDomain, string> = {
  app: 'app',
  settings: 'settings',
  account: 'account',
  contacts: 'contacts',
  import: 'contacts',
  campaigns: 'campaigns',
  compose: 'campaigns',
  inbox: 'inbox',
  sync: 'sync',
  messages: 'messages',
  sandbox: 'sandbox',
  automations: 'automations',
  team: 'team',
  audit: 'audit',
  remote: 'remote',
  privacy: 'privacy',
  backup: 'backup',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Where each call's handler is written: an object key `'name':` in a core source file, by folder under core/. */
function registrations(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of sourceFiles(CORE)) {
    const rel = relative(CORE, file).split(sep);
    const folder = rel.length > 1 ? rel[0]! : '(core/ itself)';
    for (const m of readFileSync(file, 'utf8').matchAll(/^\s*'([a-z]+\.[A-Za-z]+)':\s/gm)) {
      if (!Object.hasOwn(calls, m[1]!)) continue;
      found.set(m[1]!, [...(found.get(m[1]!) ?? []), `${folder} (${rel.join('/')})`]);
    }
  }
  return found;
}

const names = Object.keys(calls) as CallName[];
const homes = registrations();

describe('the contract by domain', () => {
  it('puts every call in exactly one domain table, and the merged table is their union', () => {
    const all = Object.values(domainCalls).flatMap((t) => Object.keys(t));
    expect(all.length).toBe(new Set(all).size);
    expect(new Set(all)).toEqual(new Set(names));
  });

  it.each(Object.entries(domainCalls))('%s.ts holds only calls whose prefix names it', (domain, table) => {
    for (const name of Object.keys(table)) expect(contractDomain(name), name).toBe(domain);
  });
});

describe('the core mirrors the contract', () => {
  it.each(Object.keys(CORE_FOLDER))('core/%s has an index.ts that builds its module', (domain) => {
    expect(existsSync(join(CORE, CORE_FOLDER[domain as ContractDomain], 'index.ts'))).toBe(true);
  });

  it.each(names)('%s has exactly one handler, in the folder its prefix names', (name) => {
    const folder = CORE_FOLDER[contractDomain(name) as ContractDomain];
    const where = homes.get(name) ?? [];
    expect(where, name).toHaveLength(1);
    expect(where[0]!.split(' ')[0], `${name} is registered in ${where[0]}`).toBe(folder);
  });
});
