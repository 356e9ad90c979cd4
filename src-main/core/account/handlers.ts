// The account calls of the contract (balance, prices, usage, keywords, lookup, email, refunds, feature states),
// each a thin mapping onto one account service.
import type { DomainCallName } from '../../../src-shared/contract';
import type { Handlers } from '../dispatch';
import type { BalanceService } from './balance';
import type { AccountDeps } from './deps';
import { EmailService } from './email';
import { KeywordService } from './keywords';
import { LookupService } from './lookup';
import { PriceService, type PriceListSource } from './prices';
import { RefundService } from './refunds';
import { UsageService } from './usage';

export type AccountCall = DomainCallName<'account'>;

export interface AccountServices {
  balance: BalanceService;
  prices: PriceService;
  usage: UsageService;
  keywords: KeywordService;
  lookup: LookupService;
  email: EmailService;
  refunds: RefundService;
}

export function createAccountServices(deps: AccountDeps, priceList: PriceListSource, balance: BalanceService): AccountServices {
  return {
    balance,
    prices: new PriceService(priceList, deps.gateway, deps.now),
    usage: new UsageService(deps),
    keywords: new KeywordService(deps),
    lookup: new LookupService(deps),
    email: new EmailService(deps),
    refunds: new RefundService(deps),
  };
}

export function accountHandlers(deps: AccountDeps, s: AccountServices): Pick<Handlers, AccountCall> {
  return {
    'account.balance': ({ refresh }) => s.balance.get(refresh ?? false),
    'account.features': async () => {
      const mode = await deps.mode();
      return { mode, features: deps.features.list(mode) };
    },
    'account.prices': (q) => s.prices.table(q),
    'account.pricesDownload': ({ format }) => s.prices.download(format),
    'account.usage': (q) => s.usage.report(q),
    'account.usageExport': (q) => s.usage.exportCsv(q),
    'account.keywords': async () => ({ keywords: await s.keywords.list() }),
    'account.keywordCheck': ({ keyword, shortcode }) => s.keywords.check(keyword, shortcode),
    'account.keywordCreate': ({ keyword, shortcode, webhook }) => s.keywords.create(keyword, shortcode, webhook),
    'account.keywordDelete': ({ keyword, shortcode }) => s.keywords.cancel(keyword, shortcode),
    'account.lookupQuote': ({ entries }) => s.lookup.quote(entries),
    'account.lookup': ({ numbers }) => s.lookup.lookup(numbers),
    'account.lookups': async () => ({ runs: await s.lookup.recent() }),
    'account.emailSend': (input) => s.email.send(input),
    'account.emails': async () => ({ emails: await s.email.sent() }),
    'account.refund': (ask) => s.refunds.refund(ask),
    'account.refundState': ({ mtsmsId, msisdn }) => s.refunds.state(mtsmsId, msisdn),
  };
}
