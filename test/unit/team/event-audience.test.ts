// Which connections of a team server an event reaches: signed-in ones only, narrowed by `to`.
import { describe, expect, it } from 'vitest';
import { reaches, type Listener } from '../../../src-main/bridge/event-audience';
import type { EventAudience } from '../../../src-shared/contract';

const owner: Listener = { connectionId: 'c1', user: { id: 1, name: 'Anna', role: 'owner' } };
const staff: Listener = { connectionId: 'c2', user: { id: 2, name: 'Bo', role: 'staff' } };
const stranger: Listener = { connectionId: 'c3', user: null };

describe('who an event reaches', () => {
  it.each<[string, EventAudience | undefined, [boolean, boolean, boolean]]>([
    ['everyone signed in', undefined, [true, true, false]],
    ['one user', { userIds: [2] }, [false, true, false]],
    ['two users', { userIds: [1, 2] }, [true, true, false]],
    ['owners', { roles: ['owner'] }, [true, false, false]],
    ['staff', { roles: ['staff'] }, [false, true, false]],
    ['one connection', { connectionId: 'c1' }, [true, false, false]],
    ['a stranger\'s connection', { connectionId: 'c3' }, [false, false, false]],
    ['a user or a role', { userIds: [2], roles: ['owner'] }, [true, true, false]],
    ['nobody named', {}, [false, false, false]],
    ['a user nobody is', { userIds: [99] }, [false, false, false]],
  ])('%s', (_, to, expected) => {
    expect([owner, staff, stranger].map((l) => reaches(to, l))).toEqual(expected);
  });
});
