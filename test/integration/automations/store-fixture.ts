// A core whose automations run on a clock the test sets, and drafts of each kind of automation to start from.
import { afterEach } from 'vitest';
import type { AutomationDraft } from '../../../src-shared/contract/automations';
import { startTestCore, type TestCore } from '../inbox/core-fixture';

export { eventually } from '../inbox/core-fixture';
export type { TestCore };

export interface ClockedCore extends TestCore {
  /** The automations' clock (ms); tests move it by setting it. */
  clock: { now: number };
}

export async function startClockedCore(nowIso: string): Promise<ClockedCore> {
  const clock = { now: Date.parse(nowIso) };
  const t = await startTestCore({ automations: { now: () => clock.now } });
  return Object.assign(t, { clock });
}

/** Starts clocked cores for one test file; each is closed after the test that started it. Call at the file's top level. */
export function clockedCoresClosedAfterEach(): (nowIso: string) => Promise<ClockedCore> {
  const open: ClockedCore[] = [];
  afterEach(async () => {
    for (const c of open.splice(0)) await c.close();
  });
  return async (nowIso) => {
    const c = await startClockedCore(nowIso);
    open.push(c);
    return c;
  };
}

const message = (text = 'Hej {first_name}'): AutomationDraft['message'] => ({
  channel: 'legacy',
  sender: 'Besked',
  text,
  fallbacks: {},
  options: { label: '', priority: 'normal', validitySeconds: null, messageClass: 'standard', flash: false },
});
const nobody = { contactIds: [], groupIds: [], searches: [], numbers: [] };

export function recurringDraft(groupId: number, over: Partial<Extract<AutomationDraft['spec'], { kind: 'recurring' }>> = {}): AutomationDraft {
  return {
    name: 'Monday news',
    timeZone: 'Europe/Copenhagen',
    spec: {
      kind: 'recurring',
      recurrence: { every: 'week', interval: 1, weekdays: ['mo'] },
      time: '09:00',
      startDate: '2027-01-01',
      end: { kind: 'never' },
      recipients: { ...nobody, groupIds: [groupId] },
      resolve: 'each_run',
      ...over,
    },
    message: message(),
  };
}

export function birthdayDraft(over: Partial<Extract<AutomationDraft['spec'], { kind: 'date_field' }>> = {}): AutomationDraft {
  return {
    name: 'Birthday',
    timeZone: 'Europe/Copenhagen',
    spec: { kind: 'date_field', field: 'birthday', offset: { direction: 'on', amount: 0, unit: 'days' }, time: '10:00', repeat: 'yearly', recipients: nobody, ...over },
    message: message('Tillykke {first_name}'),
  };
}

export function keywordDraft(keywords: string[], over: Partial<Extract<AutomationDraft['spec'], { kind: 'keyword' }>> = {}): AutomationDraft {
  return {
    name: `Reply ${keywords.join(' ') || 'else'}`,
    timeZone: 'Europe/Copenhagen',
    spec: { kind: 'keyword', keywords, fallback: false, frequency: { kind: 'period', hours: 24 }, addToGroupId: null, optIn: false, ...over },
    message: message('Vi har åbent 9-17'),
  };
}

export function welcomeDraft(groupId: number): AutomationDraft {
  return { name: 'Welcome', timeZone: 'Europe/Copenhagen', spec: { kind: 'welcome', groupId }, message: message('Velkommen {first_name}') };
}
