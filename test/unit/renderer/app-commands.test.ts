// Where the shell's commands take the renderer, and that the contract accepts exactly those commands.
import { describe, expect, it } from 'vitest';
import { AppCommand, events } from '../../../src-shared/contract';
import { appCommandRoute } from '../../../src-renderer/composables/useAppCommands';
import { routes } from '../../../src-renderer/router';

const routeNames = new Set(routes.flatMap((r) => (typeof r.name === 'string' ? [r.name] : [])));

describe('app commands', () => {
  it.each([
    [{ command: 'new-message' }, { name: 'compose' }],
    [{ command: 'search' }, { name: 'contacts' }],
    [{ command: 'open-settings' }, { name: 'settings' }],
    [{ command: 'open-conversation', arg: '4512345678' }, { name: 'inbox', query: { conversation: '4512345678' } }],
    [{ command: 'open-conversation' }, { name: 'inbox' }],
  ] as const)('%j goes to %j', (cmd, route) => {
    expect(appCommandRoute(cmd)).toEqual(route);
  });

  it('sends every command to a route that exists', () => {
    for (const command of AppCommand.shape.command.options) {
      const to = appCommandRoute({ command, arg: '1' }) as { name: string };
      expect(routeNames.has(to.name), `${command} → ${to.name}`).toBe(true);
    }
  });

  it('is an event of the contract that refuses unknown commands', () => {
    expect(events['app.command'].safeParse({ command: 'search' }).success).toBe(true);
    expect(events['app.command'].safeParse({ command: 'rm -rf' }).success).toBe(false);
  });
});
