// The Prices view's data: the price book's cached JSON list as searchable rows, and the gateway's own files.
import type { FileDownload, PriceTable, PriceTier } from '../../../src-shared/contract';
import type { GatewayClient, PriceList } from '../gateway';
import type { Mode } from './deps';
import { priceRows, searchPrices } from './price-table';

/** The cached price list of the current mode, with when it was fetched; refresh asks the gateway again. */
export type PriceListSource = (refresh: boolean) => Promise<{ mode: Mode; fetchedAt: string; list: PriceList }>;

const MIME = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export class PriceService {
  constructor(
    private readonly source: PriceListSource,
    private readonly gateway: GatewayClient,
    private readonly now: () => Date,
  ) {}

  async table(q: { search?: string | undefined; tier?: PriceTier | undefined; refresh?: boolean | undefined }): Promise<PriceTable> {
    const { mode, fetchedAt, list } = await this.source(q.refresh ?? false);
    const all = priceRows(list);
    return { mode, fetchedAt, total: all.length, rows: searchPrices(all, q.search, q.tier) };
  }

  async download(format: 'csv' | 'xlsx'): Promise<FileDownload> {
    const bytes = await this.gateway.priceListFile(format);
    const day = this.now().toISOString().slice(0, 10);
    return {
      fileName: `sms-prices-${day}.${format}`,
      mimeType: MIME[format],
      base64: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
      bytes: bytes.byteLength,
    };
  }
}
