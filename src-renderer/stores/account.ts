// The account as the core reports it: balance (kept fresh by events), which optional features the gateway
// allows, and the calls of the account views. Rules live in the core; this store only holds answers.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type {
  AccountFeature,
  Balance,
  CallInput,
  EmailSendInput,
  FeatureStatus,
  KeywordRow,
  LookupRun,
  SentEmail,
} from '../../src-shared/contract';
import { appErrorOf, call, on, UiError } from '../api';
import type { AppError } from '../../src-shared/errors';

export const useAccountStore = defineStore('account', () => {
  const balance = ref<Balance | null>(null);
  /** The last refresh's failure, kept as a value so its text follows a language switch. */
  const error = ref<AppError | null>(null);
  const loading = ref(false);
  const features = ref<FeatureStatus[]>([]);

  async function refresh(force = false) {
    loading.value = true;
    try {
      balance.value = await call('account.balance', { refresh: force });
      error.value = null;
    } catch (err) {
      error.value = appErrorOf(err);
    } finally {
      loading.value = false;
    }
  }
  on('balance.changed', (b) => {
    balance.value = b;
    error.value = null;
  });
  // The mode changed (a token saved or removed, Sandbox switched): the other mode's credit is not this one's, so the
  // header shows none until the new mode's balance is read (kept, or fetched when there is none).
  on('settings.changed', (v) => {
    if (!balance.value || balance.value.mode === v.connection.mode) return;
    balance.value = null;
    void refresh();
  });

  async function loadFeatures() {
    features.value = (await call('account.features', {})).features;
  }
  function featureState(f: AccountFeature) {
    return features.value.find((x) => x.feature === f)?.state ?? 'unknown';
  }
  /** Runs a call that needs an optional feature and keeps the feature list in step with the answer. */
  async function withFeature<T>(f: AccountFeature, run: () => Promise<T>): Promise<T> {
    try {
      const v = await run();
      setFeature(f, 'enabled');
      return v;
    } catch (err) {
      if (err instanceof UiError && err.error.kind === 'not_enabled') setFeature(f, 'not_enabled');
      throw err;
    }
  }
  /** Lets the user try a refused feature again (after support enabled it); the next call decides. */
  function resetFeature(f: AccountFeature) {
    setFeature(f, 'unknown');
  }
  function setFeature(f: AccountFeature, state: FeatureStatus['state']) {
    const rest = features.value.filter((x) => x.feature !== f);
    features.value = [...rest, { feature: f, state, checkedAt: new Date().toISOString() }];
  }

  const prices = (q: CallInput<'account.prices'>) => call('account.prices', q);
  const pricesDownload = (format: 'csv' | 'xlsx') => call('account.pricesDownload', { format });
  const usage = (q: CallInput<'account.usage'>) => call('account.usage', q);
  const usageExport = (q: CallInput<'account.usageExport'>) => call('account.usageExport', q);

  const keywords = ref<KeywordRow[]>([]);
  async function loadKeywords() {
    keywords.value = (await withFeature('keywords', () => call('account.keywords', {}))).keywords;
  }
  const checkKeyword = (keyword: string, shortcode: number) => withFeature('keywords', () => call('account.keywordCheck', { keyword, shortcode }));
  async function createKeyword(keyword: string, shortcode: number, webhook?: string) {
    const k = await withFeature('keywords', () =>
      call('account.keywordCreate', { keyword, shortcode, acceptMonthlyCharge: true, ...(webhook ? { webhook } : {}) }),
    );
    await loadKeywords().catch(() => undefined);
    return k;
  }
  async function deleteKeyword(keyword: string, shortcode: number) {
    const k = await withFeature('keywords', () => call('account.keywordDelete', { keyword, shortcode }));
    await loadKeywords().catch(() => undefined);
    return k;
  }

  const lookupRuns = ref<LookupRun[]>([]);
  const lookupQuote = (entries: CallInput<'account.lookupQuote'>['entries']) => call('account.lookupQuote', { entries });
  async function lookup(numbers: { msisdn: string; name?: string }[]) {
    const run = await withFeature('lookup', () => call('account.lookup', { numbers, acceptCost: true }));
    lookupRuns.value = [run, ...lookupRuns.value.filter((r) => r.id !== run.id)];
    return run;
  }
  async function loadLookups() {
    lookupRuns.value = (await call('account.lookups', {})).runs;
  }

  const emails = ref<SentEmail[]>([]);
  async function sendEmail(input: EmailSendInput) {
    const sent = await withFeature('email', () => call('account.emailSend', input));
    emails.value = [sent, ...emails.value];
    return sent;
  }
  async function loadEmails() {
    emails.value = (await call('account.emails', {})).emails;
  }

  /** Contacts for the pickers of lookup and email (the first 200 a search finds). */
  async function searchContacts(search: string) {
    const page = await call('contacts.list', { ...(search ? { filter: { search } } : {}), sort: 'name', limit: 200 });
    return page.rows;
  }

  /** Contacts by id, e.g. a selection handed over from the Contacts view (at most 500, a few calls at a time). */
  async function contactsByIds(ids: number[]) {
    const out = [];
    const list = ids.slice(0, 500);
    for (let i = 0; i < list.length; i += 20) out.push(...(await Promise.all(list.slice(i, i + 20).map((id) => call('contacts.get', { id })))));
    return out;
  }
  /** The merge fields contacts have (built-in and custom), for the email composer's field buttons. */
  async function contactFields() {
    return (await call('contacts.overview', {})).fields;
  }
  /** Custom field values of picked contacts (the list rows carry only the built-in ones), a few calls at a time. */
  async function contactCustomValues(ids: number[]): Promise<Map<number, Record<string, string>>> {
    const out = new Map<number, Record<string, string>>();
    for (let i = 0; i < ids.length; i += 20) {
      const batch = await Promise.all(ids.slice(i, i + 20).map((id) => call('contacts.get', { id })));
      for (const c of batch) out.set(c.id, c.custom);
    }
    return out;
  }

  const refund = (input: CallInput<'account.refund'>) => call('account.refund', input);
  const refundState = (mtsmsId: number, msisdn: number | string) => call('account.refundState', { mtsmsId, msisdn });

  return {
    balance,
    error,
    loading,
    refresh,
    features,
    loadFeatures,
    featureState,
    resetFeature,
    prices,
    pricesDownload,
    usage,
    usageExport,
    keywords,
    loadKeywords,
    checkKeyword,
    createKeyword,
    deleteKeyword,
    lookupRuns,
    lookupQuote,
    lookup,
    loadLookups,
    emails,
    sendEmail,
    loadEmails,
    searchContacts,
    contactsByIds,
    contactFields,
    contactCustomValues,
    refund,
    refundState,
  };
});
